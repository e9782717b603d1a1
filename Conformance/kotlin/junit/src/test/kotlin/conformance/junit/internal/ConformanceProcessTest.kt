package conformance.junit.internal

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class ConformanceProcessTest {
    @Test
    fun `the CLI runs the harness main from the test's classpath under the implementation's name`() {
        val process = ConformanceProcess(
            harness = "com.example.counter.MainKt", implementation = "android", arguments = listOf("it's"),
            scenarios = listOf("Conformance/scenarios/counter"), options = listOf("--tag", "save"),
        )
        assertEquals(
            listOf(
                "run", "--format", "ndjson", "--impl", "android", "--harness",
                "android='/jdk/bin/java' '-XX:+UseSerialGC' '-XX:TieredStopAtLevel=1' '-XX:C1MaxInlineSize=15' " +
                    "'-XX:CompileThresholdScaling=0.25' '-Xshare:auto' '-cp' " +
                    "'/my dir/classes:/libs/a.jar' 'com.example.counter.MainKt' 'it'\\''s'",
                "--tag", "save", "Conformance/scenarios/counter",
            ),
            process.commandLine("/jdk/bin/java", "/my dir/classes:/libs/a.jar"),
        )
    }
}
