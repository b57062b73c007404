/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

/**
 * The shape of the serialization tuning article's benchmark type (in {@code ../shared/reference/}):
 * a POJO with ints, a string, an array of strings and a nested array of {@link Operation} POJOs,
 * and here a long.
 */
public class Account {

    public int id;
    public String name;
    public String[] operationNames;
    public Operation[] operations;
    public int otherId1;
    public int otherId2;
    public int otherId3;
    public long balanceCents;

    public Account() {}

    static Account sample() {
        Account account = new Account();
        account.id = 1234;
        account.name = "account-1234";
        account.operationNames = new String[] {"deposit", "withdraw", "transfer"};
        account.operations = new Operation[account.operationNames.length];
        for (int i = 0; i < account.operations.length; i++) {
            account.operations[i] = new Operation(i, account.operationNames[i]);
        }
        account.otherId1 = 1;
        account.otherId2 = 2;
        account.otherId3 = 3;
        account.balanceCents = 1_000_000L;
        return account;
    }

    /** One operation on an account: a nested POJO. */
    public static class Operation {
        public int id;
        public String name;

        public Operation() {}

        Operation(int id, String name) {
            this.id = id;
            this.name = name;
        }
    }
}
