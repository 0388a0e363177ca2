package io.joulebench.core.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class EngineParamsTest {

    private static Map<String, JsonNode> params(String json) throws Exception {
        Map<String, JsonNode> out = new LinkedHashMap<>();
        new ObjectMapper().readTree(json).fields().forEachRemaining(e -> out.put(e.getKey(), e.getValue()));
        return out;
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            vllm     | --max-num-seqs 256 --max-model-len 4096 --tensor-parallel-size 2 --enforce-eager
            sglang   | --max-running-requests 256 --context-length 4096 --tp-size 2 --disable-cuda-graph
            tgi      | --max-concurrent-requests 256 --max-total-tokens 4096 --num-shard 2
            llamacpp | --parallel 256 --ctx-size 4096
            trtllm   | --max_batch_size 256 --max_seq_len 4096 --tp_size 2
            """)
    void upstream_names_map_to_each_presets_own_flags(String engine, String expected) throws Exception {
        EngineParams.Flags f = EngineParams.flags(EnginePreset.fromId(engine),
                params("{\"max_num_seqs\": 256, \"max_model_len\": 4096, \"tensor_parallel_size\": 2,"
                        + " \"enforce_eager\": true}"));
        assertThat(String.join(" ", f.args())).isEqualTo(expected
                + (engine.equals("tgi") ? " --enforce-eager" : engine.equals("llamacpp")
                ? " --tensor-parallel-size 2 --enforce-eager" : engine.equals("trtllm") ? " --enforce_eager" : ""));
        assertThat(f.unknown()).hasSize(switch (engine) {
            case "tgi", "trtllm" -> 1;
            case "llamacpp" -> 2;
            default -> 0;
        });
    }
}
