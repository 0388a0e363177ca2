package io.joulebench.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import io.joulebench.core.run.StudyRunResult;
import io.joulebench.core.run.StudyRunner;
import io.joulebench.core.session.StudyRunListener;
import io.joulebench.core.study.Study;
import io.joulebench.core.study.StudyLoader;
import io.joulebench.core.time.VirtualClock;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results schema is a published format: the quickstart's windows.csv keeps this header, in this order, and one
 * row per window. The header is spelled out here on purpose, not taken from {@link WindowsCsvColumns}: a change to
 * the column table (a rename, a reorder, a column added anywhere but the end) fails this test.
 */
class QuickstartWindowsCsvTest {

    static final String HEADER = String.join(",",
            "experiment_id,study_name,session_id,config_hash,cycle,level_index,window_index,engine,model",
            "runner,rate_req_s,arrival,burstiness_cv,gamma_shape_k,seed,concurrency_cap,window_start_utc",
            "duration_s,energy_j,energy_kind,energy_method,energy_source,energy_truth_j",
            "cross_check_rel_diff,mean_power_w,baseline_power_w,energy_adjusted_j,output_tokens",
            "j_per_token,mj_per_token,mj_per_token_adjusted,intra_window_cov,level_valid,level_cov",
            "invalid_reason,issued,completed,errors,timeouts,completion_rate,request_throughput_req_s",
            "output_tokens_per_s,ttft_p50_ms,ttft_p90_ms,ttft_p99_ms,tpot_p50_ms,tpot_p90_ms,tpot_p99_ms",
            "itl_p50_ms,itl_p90_ms,itl_p99_ms,e2e_p50_ms,e2e_p90_ms,e2e_p99_ms,dispatch_lag_p50_ms",
            "dispatch_lag_p99_ms,dispatch_lag_max_ms,cap_bound_fraction,slo_attainment,slo_pass",
            "goodput_tokens_s,warmup_mode,warmup_converged,warmup_timed_out,tool_version",
            "server_reported_output_tokens,server_reported_client_token_ratio,window_auto_s",
            "gpu_energy_j,host_energy_j,host_energy_kind,host_energy_method,host_energy_source,node_energy_j",
            "node_energy_domains,headline_domain,device_groups",
            "j_per_request_attributed_p50,j_per_request_attributed_p90,j_per_request_attributed_p99",
            "input_tokens,j_per_total_token,input_delivered_ratio,output_delivered_ratio",
            "sessions_started,sessions_completed",
            "client_receipt_lag_p99_ms,client_gc_pause_ms,client_cpu_fraction");

    @TempDir
    Path tmp;

    @Test
    void the_quickstart_windows_csv_has_the_published_header_and_one_row_per_window() throws Exception {
        Study study = new StudyLoader().load(Path.of("examples/quickstart.yaml"));
        StudyRunResult r = new StudyRunner(new FakeSessionRunner(0), VirtualClock.atSeconds(0))
                .run(study, tmp, StudyRunListener.NONE);

        List<String> lines = Files.readAllLines(r.folder().resolve("windows.csv"), StandardCharsets.UTF_8);
        assertThat(lines.getFirst()).isEqualTo(HEADER);
        assertThat(lines).hasSize(1 + 9);
        List<WindowRow> rows = WindowsCsvTable.readFolder(r.folder()).rows();
        assertThat(rows).hasSize(9).allSatisfy(row -> assertThat(row.cells()).hasSize(89));
    }
}
