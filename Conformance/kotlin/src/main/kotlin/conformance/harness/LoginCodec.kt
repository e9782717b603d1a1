package conformance.harness

import conformance.harness.internal.DecodingException
import conformance.harness.internal.JsonObjectReader
import conformance.harness.internal.JsonPath
import conformance.login.LoginEffect
import conformance.login.LoginIntent
import conformance.login.LoginResult
import conformance.login.LoginState
import kotlinx.serialization.json.JsonElement
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonObjectBuilder
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.put

/**
 * The JSON codec of the login feature (`Conformance/features/login.json`), on kotlinx-serialization's
 * JSON tree.
 *
 * - State: `{"email": s, "password": s, "isLoading": b, "error": s|null}`.
 * - Actions: `emailChanged {value}`, `passwordChanged {value}`, `submit {}`, `loginResponse {result}`,
 *   `dismissed {}`.
 * - Results: `success {userId}`, `failure {message}`.
 * - Effects: `authenticate {email, password}`, `cancel {id}`.
 * Strings are taken and written verbatim (no trimming, no Unicode normalisation).
 */
internal object LoginCodec : FeatureCodec<LoginState, LoginIntent, LoginEffect> {
    private val stateFields = listOf("email", "password", "isLoading", "error")
    private val stateSubject = "a login state has ${JsonObjectReader.list(stateFields, "and")}"
    private val intentCases = linkedMapOf(
        "emailChanged" to listOf("value"),
        "passwordChanged" to listOf("value"),
        "submit" to emptyList(),
        "loginResponse" to listOf("result"),
        "dismissed" to emptyList(),
    )
    private val resultCases = linkedMapOf("success" to listOf("userId"), "failure" to listOf("message"))
    private val effectCases = linkedMapOf("authenticate" to listOf("email", "password"), "cancel" to listOf("id"))

    // MARK: - Decoding

    override fun decodeState(json: JsonElement, path: JsonPath): LoginState {
        val reader = JsonObjectReader.of(json, path)
        reader.rejectUnknownKeys(stateFields, stateSubject)
        return LoginState(
            email = reader.string("email"),
            password = reader.string("password"),
            isLoading = reader.boolean("isLoading"),
            error = reader.nullableString("error"),
        )
    }

    override fun decodeIntent(json: JsonElement, path: JsonPath): LoginIntent {
        val reader = JsonObjectReader.of(json, path)
        return when (val case = reader.case(intentCases)) {
            "emailChanged" -> LoginIntent.UpdateEmail(reader.string("value"))
            "passwordChanged" -> LoginIntent.UpdatePassword(reader.string("value"))
            "submit" -> LoginIntent.Submit
            "loginResponse" -> LoginIntent.LoginResponse(decodeResult(reader.element("result"), path.key("result")))
            "dismissed" -> LoginIntent.Dismissed
            else -> throw unhandled(path, case)
        }
    }

    /**
     * Decodes a `LoginResult` union value.
     *
     * @throws DecodingException when the case is unknown or a field is missing, unknown or not a string.
     */
    fun decodeResult(json: JsonElement, path: JsonPath): LoginResult {
        val reader = JsonObjectReader.of(json, path)
        return when (val case = reader.case(resultCases)) {
            "success" -> LoginResult.Success(reader.string("userId"))
            "failure" -> LoginResult.Failure(reader.string("message"))
            else -> throw unhandled(path, case)
        }
    }

    /**
     * Decodes an effect (the harness only encodes effects; this is the inverse, for tests and tools).
     *
     * @throws DecodingException when the case is unknown or a field is missing, unknown or not a string.
     */
    fun decodeEffect(json: JsonElement, path: JsonPath): LoginEffect {
        val reader = JsonObjectReader.of(json, path)
        return when (val case = reader.case(effectCases)) {
            "authenticate" -> LoginEffect.Authenticate(reader.string("email"), reader.string("password"))
            "cancel" -> LoginEffect.Cancel(reader.string("id"))
            else -> throw unhandled(path, case)
        }
    }

    private fun unhandled(path: JsonPath, case: String) =
        DecodingException(path.key(JsonObjectReader.TYPE), "case ${JsonObjectReader.quote(case)} is not handled")

    // MARK: - Encoding

    override fun encodeState(state: LoginState): JsonObject = buildJsonObject {
        put("email", state.email)
        put("password", state.password)
        put("isLoading", state.isLoading)
        put("error", state.error)
    }

    /** Encodes [intent] as its action object. */
    fun encodeIntent(intent: LoginIntent): JsonObject = when (intent) {
        is LoginIntent.UpdateEmail -> case("emailChanged") { put("value", intent.value) }
        is LoginIntent.UpdatePassword -> case("passwordChanged") { put("value", intent.value) }
        LoginIntent.Submit -> case("submit") {}
        is LoginIntent.LoginResponse -> case("loginResponse") { put("result", encodeResult(intent.result)) }
        LoginIntent.Dismissed -> case("dismissed") {}
    }

    /** Encodes [result] as its `LoginResult` case object. */
    fun encodeResult(result: LoginResult): JsonObject = when (result) {
        is LoginResult.Success -> case("success") { put("userId", result.userId) }
        is LoginResult.Failure -> case("failure") { put("message", result.message) }
    }

    override fun encodeEffect(effect: LoginEffect): JsonObject = when (effect) {
        is LoginEffect.Authenticate -> case("authenticate") {
            put("email", effect.email)
            put("password", effect.password)
        }
        is LoginEffect.Cancel -> case("cancel") { put("id", effect.id) }
    }

    private inline fun case(
        name: String,
        fields: JsonObjectBuilder.() -> Unit,
    ): JsonObject = buildJsonObject {
        put(JsonObjectReader.TYPE, name)
        fields()
    }
}
