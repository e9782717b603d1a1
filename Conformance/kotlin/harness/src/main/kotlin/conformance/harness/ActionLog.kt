package conformance.harness

import conformance.harness.internal.HarnessJson
import kotlinx.serialization.SerializationStrategy

/**
 * Writes an intent as the neutral JSON line `conformance record --actions` reads, with the configuration the
 * harness decodes intents with, so an app's debug build can log what the user does and replay it.
 *
 * kotlinx-serialization with `classDiscriminator = "type"` already writes a sealed interface's case as the
 * scenario format's `{"type": <@SerialName>, …fields}` (Conformance/README.md §3.2), provided the serializer is
 * the sealed interface's, not a case's: that is why the log is built from it. It needs nothing else from the app
 * (no manifest): the `@SerialName`s and property names are the manifest's names, as [serializableFeature]
 * requires.
 *
 * ```kotlin
 * val actionLog = ActionLog(LoginIntent.serializer())  // once
 * Log.d("actions", actionLog.line(intent))             // {"type":"emailChanged","value":"user@example.com"}
 * ```
 *
 * @param Intent the feature's intent type, a `@Serializable sealed interface`.
 * @param serializer the serializer of [Intent] itself, e.g. `LoginIntent.serializer()`.
 */
public class ActionLog<Intent>(private val serializer: SerializationStrategy<Intent>) {
    /**
     * The neutral JSON line of [intent], without a line break: `{"type":"emailChanged","value":"user@example.com"}`.
     *
     * @param intent the intent the app sent.
     * @return one line of JSON; `type` first, then the properties in declaration order, `null` written explicitly.
     * @throws kotlinx.serialization.SerializationException when [intent] cannot be encoded (a case without
     *   `@Serializable`).
     */
    public fun line(intent: Intent): String = HarnessJson.encodeToString(serializer, intent)
}
