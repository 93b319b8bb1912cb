import io.reactivex.rxjava3.core.Observable;
import io.reactivex.rxjava3.core.ObservableEmitter;
import io.reactivex.rxjava3.disposables.Disposable;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

public class HangmanTest {

    /**
     * Used in {@link #consecutiveGames()} to tell when both are subscribed too.
     */
    private static class SubscribedEmitters {
        private ObservableEmitter<String> word;
        private ObservableEmitter<String> letter;
    }

    private Hangman hangman;

    @BeforeEach
    public void init() {
        hangman = new Hangman();
    }

    @Test
    @DisplayName("First correct guess updates discovered and guess lists")
    public void firstGuess() {
        Observable<Output> result = hangman.play(
            Observable.fromArray("secret"),
            Observable.fromArray("e"));

        Output last = result.blockingLast();
        assertThat(last.discovered).isEqualTo("_e__e_");
        assertThat(last.guess).containsExactly("e");
        assertThat(last.misses).isEmpty();
        assertThat(last.parts).isEmpty();
        assertThat(last.status).isEqualTo(Status.PLAYING);
    }

    @Test
    @DisplayName("Handles consecutive games correctly with ordered emissions")
    public void consecutiveGames() {
        // This test setup is more complex because we have to order the emission of values in the
        // different observers.
        // 1. Word observable receives the work to guess
        // 2. Letter observable receives the various letters tried
        // 3. Word observable receives the new word to guess
        // 4. Letter observable receiveds the letters for the second word

        // Emitters respectively for the word and letter observables
        SubscribedEmitters emitters = new SubscribedEmitters();
        Runnable emit = () -> {
            // Process sending the inputs in the right order
            emitters.word.onNext("secret");
            Stream.of("a", "e", "o", "s", "c", "r", "g", "t").forEach(emitters.letter::onNext);
            emitters.word.onNext("abba");
            Stream.of("a", "e", "s", "b").forEach(emitters.letter::onNext);
            emitters.word.onComplete();
        };
        Observable<String> words = createWordObservable(emitters, emit);
        Observable<String> letters = createLetterObservable(emitters, emit);
        Observable<Output> outputs = hangman.play(words, letters);

        // We collect the results of the game
        List<Output> results = new ArrayList<>();
        Disposable subscription = outputs.filter(output -> output.status != Status.PLAYING)
            .subscribe(results::add);
        try {
            assertThat(results.size()).isEqualTo(2);

            Output first = results.get(0);
            assertThat(first.discovered).isEqualTo("secret");
            assertThat(first.guess).containsExactlyInAnyOrder("s", "e", "c", "r", "t");
            assertThat(first.misses).containsExactlyInAnyOrder("a", "o", "g");
            assertThat(first.status).isEqualTo(Status.WIN);

            Output second = results.get(1);
            assertThat(second.discovered).isEqualTo("abba");
            assertThat(second.guess).containsExactlyInAnyOrder("a", "b");
            assertThat(second.misses).containsExactlyInAnyOrder("e", "s");
            assertThat(first.status).isEqualTo(Status.WIN);
        } finally {
            subscription.dispose();
        }
    }

    Observable<String> createWordObservable(SubscribedEmitters emitters, Runnable emit) {
        return Observable.create(
            emitter -> {
                // A new subscription was created for words, record it.
                emitters.word = emitter;
                if (emitters.letter != null) {
                    // Start emitting only when both word and letter observable have subscriptions
                    emit.run();
                }
            });
    }

    Observable<String> createLetterObservable(SubscribedEmitters emitters, Runnable emit) {
        return Observable.create(
            emitter -> {
                // A new subscription was created for letters, record it.
                emitters.letter = emitter;
                if (emitters.word != null) {
                    // Start emitting only when both word and letter observable have subscriptions
                    emit.run();
                }
            });
    }

    @Test
    @DisplayName("Cannot play the same guess twice")
    public void cannotPlayAGuessTwice() {
        Observable<Output> result = hangman.play(
            Observable.fromArray("secret"),
            Observable.fromArray("e", "c", "s", "c"));

        assertThatThrownBy(() -> result.blockingLast())
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("Letter c was already played");
    }

    @Test
    @DisplayName("Cannot play the same miss twice")
    public void cannotPlayAMissTwice() {
        Observable<Output> result = hangman.play(
            Observable.fromArray("secret"),
            Observable.fromArray("e", "a", "s", "a"));

        assertThatThrownBy(() -> result.blockingLast())
            .isInstanceOf(IllegalArgumentException.class)
            .hasMessageContaining("Letter a was already played");
    }
}
