package conformance.junit.internal

import conformance.junit.ConformanceRunException
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.io.TempDir
import java.io.File

class ConformanceBinaryTest {
    @TempDir
    lateinit var folder: File

    private fun executable(name: String): File =
        File(folder, name).apply { parentFile.mkdirs(); writeText("#!/bin/sh\n"); setExecutable(true) }

    @Test
    fun `the system property comes first, then the environment variable, then PATH`() {
        val property = executable("a/conformance")
        val variable = executable("b/conformance")
        val onPath = executable("c/conformance")
        val path = "${File(folder, "none")}:${onPath.parent}"
        assertEquals(property, ConformanceBinary.locate(property.path, variable.path, path))
        assertEquals(variable, ConformanceBinary.locate(null, variable.path, path))
        assertEquals(onPath, ConformanceBinary.locate("", null, path))
    }

    @Test
    fun `a setting that names no executable is said, not passed over`() {
        val onPath = executable("c/conformance")
        val error = assertThrows(ConformanceRunException::class.java) {
            ConformanceBinary.locate(null, "/nowhere/conformance", onPath.parent)
        }
        assertEquals(
            "the environment variable 'CONFORMANCE_BINARY' is '/nowhere/conformance', which is not an executable file\n" +
                "Point it at the conformance binary: build one with scripts/release, or unpack the release archive " +
                "(conformance-<version>-linux-x86_64.tar.gz).",
            error.message,
        )
    }

    @Test
    fun `without any, the error says where it looked and how to get one`() {
        val error = assertThrows(ConformanceRunException::class.java) { ConformanceBinary.locate(null, null, "/usr/bin:/bin") }
        assertEquals(
            "the conformance binary was not found: the system property 'conformance.binary' and the environment " +
                "variable 'CONFORMANCE_BINARY' are not set, and no folder of PATH ('/usr/bin:/bin') holds an executable " +
                "'conformance'\n" +
                "Get the binary with scripts/release or from the release archive " +
                "(conformance-<version>-linux-x86_64.tar.gz), then set -Dconformance.binary=/path/to/conformance " +
                "(in Gradle: systemProperty(\"conformance.binary\", …) in the test task), set CONFORMANCE_BINARY, or put " +
                "its folder on PATH.",
            error.message,
        )
    }
}
