/*
 * Licensed under the Apache License, Version 2.0 (see LICENSE at the repository root).
 */

package dev.wirespeed.benchmarks;

/** The strings the string benchmarks serialize, by name. */
final class Texts {

    private Texts() {}

    static String of(String name) {
        switch (name) {
            case "1char":
                return "a";
            case "2chars":
                return "ab";
            case "helloworld":
                return "helloworld";
            case "ascii60":
                return repeat("Streaming ASCII text, 60 chars of it. ", 60);
            case "ascii2000":
                return repeat("Streaming ASCII text, long enough to matter. ", 2000);
            case "cyrillic":
                return repeat("Потоковая обработка данных ", 60);
            case "cjk":
                return repeat("流式数据处理框架", 60);
            case "latin1":
                return repeat("Grüße aus München, café crème à Genève. ", 60);
            case "mixed":
                return repeat("user=Zoë, city=Москва, note=東京 ok; ", 60);
            default:
                throw new IllegalArgumentException("Unknown text " + name);
        }
    }

    private static String repeat(String unit, int length) {
        StringBuilder text = new StringBuilder(length);
        while (text.length() < length) {
            text.append(unit);
        }
        return text.substring(0, length);
    }
}
