package conformance.harness.internal

/**
 * A location inside a JSON document, rendered as in `actions[2].result.type`.
 *
 * Object keys render as `.key` when they look like identifiers and as `["key"]` (JSON-quoted) otherwise;
 * array indices are 0-based, as `[2]`. The root renders as `$`, and is left out in front of a key.
 * Paths are built as a linked list, so extending one is cheap and rendering happens only for messages.
 */
internal class JsonPath private constructor(
    private val parent: JsonPath?,
    private val key: String?,
    private val index: Int,
) {
    /**
     * The path of [key] inside the object at this path.
     *
     * @param key the member name, any string.
     */
    fun key(key: String): JsonPath = JsonPath(this, key, -1)

    /**
     * The path of element [index] inside the array at this path.
     *
     * @param index the 0-based array index.
     */
    fun index(index: Int): JsonPath = JsonPath(this, null, index)

    override fun toString(): String {
        if (parent == null) return "$"
        val segments = ArrayList<JsonPath>()
        var node: JsonPath? = this
        while (node?.parent != null) {
            segments.add(node)
            node = node.parent
        }
        val text = StringBuilder()
        for (segment in segments.asReversed()) segment.appendSegment(text)
        return text.toString()
    }

    private fun appendSegment(text: StringBuilder) {
        val key = key
        when {
            key == null -> text.append('[').append(index).append(']')
            identifier.matches(key) -> (if (text.isEmpty()) text else text.append('.')).append(key)
            else -> text.append('[').append(JsonText.quoted(key)).append(']')
        }
    }

    companion object {
        private val identifier = Regex("[A-Za-z_$][A-Za-z0-9_$]*")

        /** The whole document. */
        val root: JsonPath = JsonPath(null, null, -1)
    }
}
