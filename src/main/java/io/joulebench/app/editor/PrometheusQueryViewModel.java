package io.joulebench.app.editor;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.app.fx.ErrorMessages;
import io.joulebench.app.fx.UiExecutor;
import io.joulebench.core.energy.MeterException;
import io.joulebench.core.energy.PrometheusEnergyMeter;
import io.joulebench.core.study.PrometheusConfig;
import io.joulebench.core.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;
import java.util.function.Supplier;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

/**
 * The editor's "Test query" for a Prometheus energy source: runs the study's {@code measurement.prometheus} query
 * once off the UI thread (as {@code joulebench validate} does, through {@link PrometheusEnergyMeter#open}) and shows
 * the series it matches, or the sentence saying why it cannot.
 */
public final class PrometheusQueryViewModel {

    private final StudyDocument document;
    private final Executor background;
    private final UiExecutor ui;
    private final Supplier<Map<String, String>> env;
    private final ObservableList<String> series = FXCollections.observableArrayList();
    // one wrapper, kept: it listens to `series` weakly (see EditorViewModel's recent studies)
    private final ObservableList<String> readOnlySeries = FXCollections.unmodifiableObservableList(series);
    private final SimpleStringProperty message = new SimpleStringProperty("");
    private final SimpleBooleanProperty running = new SimpleBooleanProperty();

    PrometheusQueryViewModel(StudyDocument document, Executor background, UiExecutor ui,
            Supplier<Map<String, String>> env) {
        this.document = document;
        this.background = background;
        this.ui = ui;
        this.env = env;
    }

    /** Runs the query in the background; the outcome arrives on the UI thread. Ignored while one is running. */
    public void testQuery() {
        if (running.get()) {
            return;
        }
        PrometheusConfig config;
        try {
            config = config(StudyYaml.get(document.tree(), PrometheusConfig.KEY));
        } catch (IllegalArgumentException e) {
            show(List.of(), e.getMessage());
            return;
        }
        running.set(true);
        series.clear();
        message.set("Querying " + config.url() + " …");
        background.execute(() -> {
            List<String> names = List.of();
            String said;
            try (PrometheusEnergyMeter meter = PrometheusEnergyMeter.open(config.settings(env.get()), Clock.system())) {
                names = meter.seriesNames();
                said = names.size() + " series match" + (names.size() == 1 ? "es" : "") + " (scrape interval "
                        + meter.scrapeInterval().toMillis() / 1000.0 + " s, from " + meter.scrapeIntervalFrom() + ")";
            } catch (MeterException | IllegalArgumentException e) {
                said = PrometheusConfig.KEY + ": " + e.getMessage();
            } catch (RuntimeException e) {
                said = PrometheusConfig.KEY + ": " + ErrorMessages.describe(e);
            }
            List<String> found = names;
            String text = said;
            ui.execute(() -> {
                running.set(false);
                show(found, text);
            });
        });
    }

    private void show(List<String> names, String text) {
        series.setAll(names);
        message.set(text);
    }

    /** The config the form holds; throws a sentence naming the missing key when the query cannot be run. */
    private static PrometheusConfig config(JsonNode prom) {
        String url = text(prom, "url");
        String query = text(prom, "query");
        if (url == null || query == null) {
            throw new IllegalArgumentException(PrometheusConfig.KEY + "." + (url == null ? "url" : "query")
                    + ": set it to test the query");
        }
        JsonNode interval = prom.get("scrape_interval_seconds");
        JsonNode auth = prom.get("auth");
        return new PrometheusConfig(url, query, text(prom, "unit"), text(prom, "kind"),
                interval != null && interval.isNumber() ? interval.asDouble() : null,
                text(auth, "bearer_env"), text(auth, "user_env"), text(auth, "password_env"));
    }

    private static String text(JsonNode node, String key) {
        JsonNode v = node == null ? null : node.get(key);
        return v == null || v.isNull() || v.asText().isBlank() ? null : v.asText().strip();
    }

    /** The series the last test matched, by name ({@code metric{labels}}). */
    public ObservableList<String> series() {
        return readOnlySeries;
    }

    /** The last test's outcome in a sentence: how many series match, or why none could be listed. */
    public ReadOnlyStringProperty messageProperty() {
        return message;
    }

    /** True while a test runs (the button is off meanwhile). */
    public ReadOnlyBooleanProperty runningProperty() {
        return running;
    }
}
