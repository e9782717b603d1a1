package conformance.harness.internal

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

class JsonPathTest {
    @Test
    fun `keys and indices render like a JSON path`() {
        assertEquals("actions[2].result.type", JsonPath.root.key("actions").index(2).key("result").key("type").toString())
    }

    @Test
    fun `the root renders as a dollar sign and is left out before a member`() {
        assertEquals("$", JsonPath.root.toString())
        assertEquals("initialState", JsonPath.root.key("initialState").toString())
        assertEquals("[0]", JsonPath.root.index(0).toString())
    }

    @Test
    fun `keys that are not identifiers are quoted`() {
        assertEquals("""a["b c"]["\"\n"]._d${'$'}1""", JsonPath.root.key("a").key("b c").key("\"\n").key("_d$1").toString())
        assertEquals("""["1a"]""", JsonPath.root.key("1a").toString())
    }
}
