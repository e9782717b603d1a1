package conformance.timer

import conformance.udf.VirtualTimeScheduler
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test

/** [TimerViewModel] on virtual time: a long-living tick flow, replaced on a second start, cancelled on stop (TR1–TR4). */
class TimerViewModelTest {
    private val time = VirtualTimeScheduler()
    private val viewModel = TimerViewModel(time.dispatcher)

    private fun send(intent: TimerIntent) {
        viewModel.onIntent(intent)
        time.runCurrent()
    }

    private fun advance(millis: Long): TimerState {
        time.advanceTimeBy(millis)
        time.runCurrent()
        return viewModel.state.value
    }

    @Test
    fun `one advance delivers every tick due in it, and the next keeps its phase (TR1)`() {
        send(TimerIntent.StartTapped)
        assertEquals(TimerState(seconds = 3, isRunning = true), advance(3_500))
        assertEquals(3, advance(499).seconds)
        assertEquals(4, advance(1).seconds)
    }

    @Test
    fun `a second start replaces the running timer instead of adding one (TR2)`() {
        send(TimerIntent.StartTapped)
        advance(600)
        send(TimerIntent.StartTapped)
        assertEquals(0, advance(600).seconds, "the first timer's tick at 1,000 ms never comes")
        assertEquals(1, advance(400).seconds)
        assertEquals(4, advance(3_000).seconds)
    }

    @Test
    fun `stop and reset cancel the timer, and clear stops everything (TR3, TR4)`() {
        send(TimerIntent.StartTapped)
        advance(2_000)
        send(TimerIntent.StopTapped)
        assertEquals(TimerState(seconds = 2, isRunning = false), advance(10_000))
        send(TimerIntent.StartTapped)
        advance(1_000)
        send(TimerIntent.ResetTapped)
        assertEquals(TimerState(), advance(10_000))
        send(TimerIntent.StartTapped)
        viewModel.clear()
        send(TimerIntent.StartTapped)
        assertEquals(TimerState(isRunning = true), advance(10_000))
    }
}
