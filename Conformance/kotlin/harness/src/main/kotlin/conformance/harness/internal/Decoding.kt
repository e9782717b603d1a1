package conformance.harness.internal

import kotlinx.serialization.DeserializationStrategy
import kotlinx.serialization.json.JsonElement

/**
 * Checks [json] against [strategy]'s shape ([ShapeCheck]), then decodes it with [HarnessJson]: the one
 * strict decoding path of the harness (states, actions, dependency results).
 *
 * @param path where [json] is in the request, e.g. `actions[2]` or `steps[3].respond.result`.
 * @param caseWord what a case of a sealed type is called in messages (`action` for actions).
 * @throws DecodingException naming the path of the first problem.
 */
internal fun <T> decodeChecked(
    strategy: DeserializationStrategy<T>,
    json: JsonElement,
    path: JsonPath,
    caseWord: String = "case",
): T {
    val checked = ShapeCheck.check(json, strategy.descriptor, path, caseWord)
    return try {
        HarnessJson.decodeFromJsonElement(strategy, checked)
    } catch (rejected: IllegalArgumentException) {
        // kotlinx-serialization's SerializationException, or a `require` in the type's init block.
        val reason = rejected.message?.lineSequence()?.firstOrNull().orEmpty()
        throw DecodingException(path, "cannot decode ${ShapeCheck.typeName(strategy.descriptor)}: $reason")
    }
}
