package conformance.login.internal

import conformance.login.LoginReducer
import conformance.unicode.Graphemes
import conformance.unicode.WhiteSpace

/**
 * The submit-time checks of login spec L3.b–e, in that order: shared by [LoginReducer] and the
 * reducer-less `LoginScreenViewModel`, so both show the same messages.
 */
internal object LoginValidation {
    /** What [check] found. */
    sealed interface Outcome {
        /** The form may be sent: [email] is the trimmed email (L3.b). */
        data class Valid(val email: String) : Outcome

        /** The form may not be sent: [message] is the error to show (L3.c–e, login spec §5). */
        data class Invalid(val message: String) : Outcome
    }

    /**
     * Trims [email] (L3.b) and checks it (L3.c, L3.d), then counts [password]'s grapheme clusters (L3.e).
     *
     * @return [Outcome.Valid] with the trimmed email, or [Outcome.Invalid] with the first failing rule's message.
     */
    fun check(email: String, password: String): Outcome {
        val trimmed = WhiteSpace.trim(email)
        return when {
            trimmed.isEmpty() -> Outcome.Invalid(LoginReducer.EMAIL_REQUIRED)
            !EmailShape.isPlausible(trimmed) -> Outcome.Invalid(LoginReducer.EMAIL_INVALID)
            Graphemes.count(password, LoginReducer.MINIMUM_PASSWORD_LENGTH) < LoginReducer.MINIMUM_PASSWORD_LENGTH ->
                Outcome.Invalid(LoginReducer.PASSWORD_TOO_SHORT)
            else -> Outcome.Valid(trimmed)
        }
    }
}
