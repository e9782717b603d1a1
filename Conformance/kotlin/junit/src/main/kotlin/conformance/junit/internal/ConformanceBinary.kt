package conformance.junit.internal

import conformance.junit.ConformanceRunException
import java.io.File

/**
 * Finds the prebuilt `conformance` binary, in this order: the system property `conformance.binary`, the
 * environment variable `CONFORMANCE_BINARY`, then each folder of `PATH`. No Swift toolchain is needed: the binary
 * is the only judge.
 */
internal object ConformanceBinary {
    /** The system property that names the binary (`-Dconformance.binary=/path/to/conformance`). */
    const val PROPERTY = "conformance.binary"

    /** The environment variable that names the binary. */
    const val VARIABLE = "CONFORMANCE_BINARY"

    /**
     * The binary to run.
     *
     * @param property the value of the system property [PROPERTY], or `null` when unset.
     * @param variable the value of the environment variable [VARIABLE], or `null` when unset.
     * @param path the value of `PATH`, or `null` when unset.
     * @return the first of them that names an executable file.
     * @throws ConformanceRunException when the property or variable names no executable file (a setting that is
     *   wrong is said, never passed over), or when none is set and no folder of `PATH` holds `conformance`; the
     *   message says where it looked and how to get the binary.
     */
    fun locate(property: String?, variable: String?, path: String?): File {
        for ((setting, value) in listOf("the system property '$PROPERTY'" to property, "the environment variable '$VARIABLE'" to variable)) {
            if (value.isNullOrEmpty()) continue
            val file = File(value)
            if (file.isFile && file.canExecute()) return file
            throw ConformanceRunException(
                "$setting is '$value', which is not an executable file\n" +
                    "Point it at the conformance binary: build one with scripts/release, or unpack the release archive " +
                    "(conformance-<version>-linux-x86_64.tar.gz)."
            )
        }
        val folders = path.orEmpty().split(File.pathSeparatorChar).filter { it.isNotEmpty() }
        for (folder in folders) {
            val file = File(folder, "conformance")
            if (file.isFile && file.canExecute()) return file
        }
        throw ConformanceRunException(
            "the conformance binary was not found: the system property '$PROPERTY' and the environment variable " +
                "'$VARIABLE' are not set, and no folder of PATH ('${path.orEmpty()}') holds an executable 'conformance'\n" +
                "Get the binary with scripts/release or from the release archive (conformance-<version>-linux-x86_64.tar.gz), " +
                "then set -D$PROPERTY=/path/to/conformance (in Gradle: systemProperty(\"$PROPERTY\", …) in the test task), " +
                "set $VARIABLE, or put its folder on PATH."
        )
    }
}
