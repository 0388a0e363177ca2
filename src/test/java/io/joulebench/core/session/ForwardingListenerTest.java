package io.joulebench.core.session;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class ForwardingListenerTest {

    /** Every event a listener can receive: StudyRunListener's own and WindowListener's. */
    private static List<Method> events() {
        return Arrays.stream(StudyRunListener.class.getMethods())
                .filter(m -> !Modifier.isStatic(m.getModifiers())).toList();
    }

    private static Object[] defaults(Method m) {
        return Arrays.stream(m.getParameterTypes()).map(t -> t == int.class ? (Object) 0 : t == long.class ? (Object) 0L
                : t == boolean.class ? (Object) false : null).toArray();
    }

    @Test
    void every_event_is_forwarded_under_its_own_name() throws Exception {
        List<String> received = new ArrayList<>();
        StudyRunListener recorder = (StudyRunListener) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {StudyRunListener.class}, (proxy, method, args) -> {
                    received.add(method.getName());
                    return null;
                });
        List<String> named = new ArrayList<>();
        ForwardingListener forwarding = new ForwardingListener() {
            @Override
            protected void forward(String event, Consumer<StudyRunListener> call) {
                named.add(event);
                call.accept(recorder);
            }
        };
        List<String> expected = new ArrayList<>();
        for (Method m : events()) {
            m.invoke(forwarding, defaults(m));
            expected.add(m.getName());
        }
        assertThat(expected).hasSizeGreaterThanOrEqualTo(16);
        assertThat(received).isEqualTo(expected);
        assertThat(named).isEqualTo(expected);
    }

    @Test
    void a_listener_that_throws_is_logged_and_the_next_event_still_arrives() {
        List<String> received = new ArrayList<>();
        SafeListener safe = new SafeListener(new StudyRunListener() {
            @Override
            public void studyStarted(io.joulebench.core.study.StudyPlan plan) {
                throw new IllegalStateException("broken view");
            }

            @Override
            public void studyFinished(boolean interrupted) {
                received.add("studyFinished");
            }
        });
        safe.studyStarted(null);
        safe.studyFinished(false);
        assertThat(received).containsExactly("studyFinished");
    }
}
