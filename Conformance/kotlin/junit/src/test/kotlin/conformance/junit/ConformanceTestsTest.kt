package conformance.junit

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.io.TempDir
import org.junit.platform.engine.support.descriptor.FilePosition
import org.junit.platform.engine.support.descriptor.FileSource
import org.junit.platform.engine.support.descriptor.UriSource
import java.io.File

class ConformanceTestsTest {
    @TempDir
    lateinit var folder: File

    @Test
    fun `a scenario's source is its file at its line, which JUnit reads as a FileSource`() {
        val file = File(folder, "login scenarios/a.json").apply { parentFile.mkdirs(); writeText("{}") }
        val source = UriSource.from(ConformanceTests.fileUri(file.path, 3))
        assertEquals(FileSource.from(file, FilePosition.from(3)), source)
    }
}
