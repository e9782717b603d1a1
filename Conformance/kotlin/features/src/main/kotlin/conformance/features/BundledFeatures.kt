package conformance.features

import conformance.harness.FeatureAdapter
import conformance.harness.RuntimeAdapter
import conformance.harness.RuntimeEnvironment
import conformance.harness.InFlightEffect
import conformance.harness.RuntimeReport
import conformance.harness.featureRuntime
import conformance.harness.serializableFeature
import conformance.harness.serializableRuntime
import conformance.inbox.InboxEvent
import conformance.inbox.InboxIntent
import conformance.inbox.InboxRepository
import conformance.inbox.InboxState
import conformance.inbox.InboxUiState
import conformance.inbox.InboxViewModel
import conformance.inbox.Message
import conformance.inbox.ProfileResult
import conformance.inbox.toInboxState
import conformance.login.AuthenticationClient
import conformance.login.LoginEffect
import conformance.login.LoginIntent
import conformance.login.LoginReducer
import conformance.login.LoginResult
import conformance.login.LoginState
import conformance.login.LoginViewModel
import conformance.signup.SignupEffect
import conformance.signup.SignupIntent
import conformance.signup.SignupReducer
import conformance.signup.SignupState
import conformance.timer.TimerEffect
import conformance.timer.TimerIntent
import conformance.timer.TimerReducer
import conformance.timer.TimerState
import conformance.timer.TimerViewModel
import conformance.viewmodel.LoginScreenViewModel
import kotlinx.coroutines.flow.Flow
import kotlinx.serialization.Serializable
import kotlinx.serialization.builtins.ListSerializer

/**
 * The features bundled with UDF Conformance, registered with the harness library's public API only, as a
 * team registers its own.
 *
 * Each adapter is built on first use: building one makes its serializers, descriptors and initial state, and the
 * `kotlin-viewmodel` harness, which serves login's screen view model alone, need not pay for the others at start.
 */
public object BundledFeatures {
    /** Login (`Conformance/features/login.json`, spec `login.md`). */
    public val login: FeatureAdapter by lazy {
        serializableFeature(
            name = "login",
            initialState = LoginState(),
            reducer = LoginReducer,
            state = LoginState.serializer(),
            intent = LoginIntent.serializer(),
            effect = LoginEffect.serializer(),
        )
    }

    /** Sign-up (`Conformance/features/signup.json`, spec `signup.md`). */
    public val signup: FeatureAdapter by lazy {
        serializableFeature(
            name = "signup",
            initialState = SignupState(),
            reducer = SignupReducer,
            state = SignupState.serializer(),
            intent = SignupIntent.serializer(),
            effect = SignupEffect.serializer(),
        )
    }

    /** Timer (`Conformance/features/timer.json`, spec `timer.md`). */
    public val timer: FeatureAdapter by lazy {
        serializableFeature(
            name = "timer",
            initialState = TimerState(),
            reducer = TimerReducer,
            state = TimerState.serializer(),
            intent = TimerIntent.serializer(),
            effect = TimerEffect.serializer(),
        )
    }

    /** Every bundled feature, in the order `hello` announces them: login, signup, then timer. */
    public val all: List<FeatureAdapter> by lazy { listOf(login, signup, timer) }

    /**
     * Login's runtime for the `kotlin` implementation: the real [LoginViewModel] (effects run by the view
     * model, LR1–LR5) on the scenario's virtual time, with a scripted `authenticate` dependency.
     */
    public val loginRuntime: RuntimeAdapter by lazy {
        serializableRuntime(
            name = "login",
            initialState = LoginState(),
            state = LoginState.serializer(),
            intent = LoginIntent.serializer(),
            reports = setOf(RuntimeReport.RECEIVED, RuntimeReport.IN_FLIGHT),
        ) { initial, environment ->
            val viewModel = LoginViewModel(scriptedClient(environment), environment.dispatcher, initial)
            viewModel.recordReceived()
            featureRuntime(
                state = { viewModel.state.value },
                send = viewModel::onIntent,
                clear = viewModel::clear,
                received = viewModel::takeReceived,
                inFlight = { viewModel.effectsInFlight().map { (type, id) -> InFlightEffect(type, id) } },
            )
        }
    }

    /**
     * Login's runtime for the `kotlin-viewmodel` implementation: [LoginScreenViewModel], the Android-sample
     * style view model without a reducer, on the scenario's virtual time.
     */
    public val loginScreenRuntime: RuntimeAdapter by lazy {
        serializableRuntime(
            name = "login",
            initialState = LoginState(),
            state = LoginState.serializer(),
            intent = LoginIntent.serializer(),
        ) { initial, environment ->
            val viewModel = LoginScreenViewModel(scriptedClient(environment), environment.dispatcher, initial)
            featureRuntime(state = { viewModel.state.value }, send = viewModel::onIntent, clear = viewModel::clear)
        }
    }

    /**
     * Timer's runtime for the `kotlin` implementation: the real [TimerViewModel] (a long-living timer effect, TR1–TR4)
     * on the scenario's virtual time; it calls no dependency.
     */
    public val timerRuntime: RuntimeAdapter by lazy {
        serializableRuntime(
            name = "timer",
            initialState = TimerState(),
            state = TimerState.serializer(),
            intent = TimerIntent.serializer(),
            reports = setOf(RuntimeReport.RECEIVED, RuntimeReport.IN_FLIGHT),
        ) { initial, environment ->
            val viewModel = TimerViewModel(environment.dispatcher, initial)
            viewModel.recordReceived()
            featureRuntime(
                state = { viewModel.state.value },
                send = viewModel::onIntent,
                clear = viewModel::clear,
                received = viewModel::takeReceived,
                inFlight = { viewModel.effectsInFlight().map { (type, id) -> InFlightEffect(type, id) } },
            )
        }
    }

    /**
     * Inbox's runtime for the `kotlin` implementation (runtime level only: the view model has no reducer): the real
     * [InboxViewModel] on `Dispatchers.Main`, which the harness makes the scenario's virtual time, with a scripted
     * `loadProfile` call and `observeMessages` stream. The screen collects [InboxViewModel.uiState] and
     * [InboxViewModel.events] while it shows; the `state` closure projects the sealed [InboxUiState] onto the neutral
     * [InboxState] (inbox.md §1).
     */
    public val inboxRuntime: RuntimeAdapter by lazy {
        serializableRuntime(
            name = "inbox",
            initialState = InboxState(),
            state = InboxState.serializer(),
            intent = InboxIntent.serializer(),
            reports = setOf(RuntimeReport.EVENTS),
        ) { initial, environment ->
            require(initial == InboxState()) { "the inbox view model starts from the manifest's initial state only, got $initial" }
            val viewModel = InboxViewModel(scriptedRepository(environment))
            featureRuntime(
                state = { viewModel.uiState.value.toInboxState() },
                send = viewModel::onIntent,
                clear = viewModel::clear,
                stateFlow = viewModel.uiState,
                events = viewModel.events,
                eventSerializer = InboxEvent.serializer(),
            )
        }
    }

    /** The runtimes of the `kotlin` implementation: login, timer and inbox. */
    public val runtimes: List<RuntimeAdapter> by lazy { listOf(loginRuntime, timerRuntime, inboxRuntime) }

    /**
     * An [InboxRepository] whose calls are the scenario's `loadProfile` calls and `observeMessages` streams
     * (`Conformance/features/inbox.json` `dependencies`).
     *
     * @param environment the scenario's environment.
     * @return the repository to inject into an inbox view model.
     */
    public fun scriptedRepository(environment: RuntimeEnvironment): InboxRepository {
        val loadProfile = environment.dependency("loadProfile", NoArguments.serializer(), profileResultSerializer)
        val observeMessages = environment.flow("observeMessages", NoArguments.serializer(), messagesSerializer)
        return object : InboxRepository {
            override suspend fun loadProfile(): ProfileResult = loadProfile.call(NoArguments)

            override fun observeMessages(): Flow<List<Message>> = observeMessages(NoArguments)
        }
    }

    // Made once: the serializer() of a sealed interface builds a new serializer, and its descriptor, at each call, which
    // per scenario was a visible part of a runtime scenario's cost.
    private val loginResultSerializer = LoginResult.serializer()
    private val profileResultSerializer by lazy { ProfileResult.serializer() }
    private val messagesSerializer by lazy { ListSerializer(Message.serializer()) }

    /** The arguments of a dependency that takes none: `{}`. */
    @Serializable
    internal data object NoArguments

    /**
     * An [AuthenticationClient] whose calls are the scenario's `authenticate` calls
     * (`Conformance/features/login.json` `dependencies`).
     *
     * @param environment the scenario's environment.
     * @return the client to inject into a login view model.
     */
    public fun scriptedClient(environment: RuntimeEnvironment): AuthenticationClient {
        val authenticate = environment.dependency("authenticate", AuthenticateArguments.serializer(), loginResultSerializer)
        return AuthenticationClient { email, password -> authenticate.call(AuthenticateArguments(email, password)) }
    }

    /** The arguments of the `authenticate` dependency: `{"email": s, "password": s}`. */
    @Serializable
    internal data class AuthenticateArguments(val email: String, val password: String)
}
