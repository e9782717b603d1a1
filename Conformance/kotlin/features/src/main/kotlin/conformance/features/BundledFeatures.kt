package conformance.features

import conformance.harness.FeatureAdapter
import conformance.harness.serializableFeature
import conformance.login.LoginEffect
import conformance.login.LoginIntent
import conformance.login.LoginReducer
import conformance.login.LoginState
import conformance.signup.SignupEffect
import conformance.signup.SignupIntent
import conformance.signup.SignupReducer
import conformance.signup.SignupState

/**
 * The features bundled with UDF Conformance, registered with the harness library's public API only, as a
 * team registers its own.
 */
public object BundledFeatures {
    /** Login (`Conformance/features/login.json`, spec `login.md`). */
    public val login: FeatureAdapter = serializableFeature(
        name = "login",
        initialState = LoginState(),
        reducer = LoginReducer,
        state = LoginState.serializer(),
        intent = LoginIntent.serializer(),
        effect = LoginEffect.serializer(),
    )

    /** Sign-up (`Conformance/features/signup.json`, spec `signup.md`). */
    public val signup: FeatureAdapter = serializableFeature(
        name = "signup",
        initialState = SignupState(),
        reducer = SignupReducer,
        state = SignupState.serializer(),
        intent = SignupIntent.serializer(),
        effect = SignupEffect.serializer(),
    )

    /** Every bundled feature, in the order `hello` announces them: login, then signup. */
    public val all: List<FeatureAdapter> = listOf(login, signup)
}
