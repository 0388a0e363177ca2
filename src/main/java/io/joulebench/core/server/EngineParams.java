package io.joulebench.core.server;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Turns upstream's {@code <engine>.engine_params} (llenergymeasure names them after vLLM's engine arguments) into the
 * serve flags of each preset: {@code max_num_seqs: 256} is {@code --max-num-seqs 256} for {@code vllm serve},
 * {@code --max-running-requests 256} for SGLang, {@code --max-concurrent-requests 256} for TGI, {@code --parallel 256}
 * for llama.cpp and {@code --max_batch_size 256} for {@code trtllm-serve}. A parameter the preset has no known flag
 * for is still passed through (kebab-case, or snake_case for trtllm-serve), as upstream forwards unknown engine
 * parameters, and is reported in {@link Flags#unknown()} so the study can warn. Null means "the engine's default": no
 * flag. Mappings are passed as JSON, lists as one token per item.
 */
public final class EngineParams {

    /** The serve flags, in the order the parameters were written, and one line per parameter passed through blind. */
    public record Flags(List<String> args, List<String> unknown) {
        public Flags {
            args = List.copyOf(args);
            unknown = List.copyOf(unknown);
        }
    }

    private static final List<String> VLLM_FLAGS = List.of("dtype", "gpu_memory_utilization", "cpu_offload_gb",
            "block_size", "kv_cache_dtype", "enforce_eager", "enable_chunked_prefill", "max_num_seqs",
            "max_num_batched_tokens", "max_model_len", "tensor_parallel_size", "pipeline_parallel_size",
            "distributed_executor_backend", "enable_prefix_caching", "quantization", "speculative_config",
            "disable_custom_all_reduce", "kv_cache_memory_bytes", "compilation_config", "swap_space", "seed",
            "trust_remote_code", "max_seq_len_to_capture", "enable_expert_parallel", "data_parallel_size",
            "long_prefill_token_threshold", "max_num_partial_prefills", "async_scheduling", "revision",
            "tokenizer", "load_format", "scheduling_policy");

    private static final Map<String, String> SGLANG = Map.ofEntries(Map.entry("max_num_seqs", "--max-running-requests"),
            Map.entry("gpu_memory_utilization", "--mem-fraction-static"), Map.entry("tensor_parallel_size", "--tp-size"),
            Map.entry("pipeline_parallel_size", "--pp-size"), Map.entry("max_model_len", "--context-length"),
            Map.entry("max_num_batched_tokens", "--chunked-prefill-size"), Map.entry("dtype", "--dtype"),
            Map.entry("kv_cache_dtype", "--kv-cache-dtype"), Map.entry("quantization", "--quantization"),
            Map.entry("seed", "--random-seed"), Map.entry("trust_remote_code", "--trust-remote-code"),
            Map.entry("max_running_requests", "--max-running-requests"),
            Map.entry("mem_fraction_static", "--mem-fraction-static"), Map.entry("context_length", "--context-length"),
            Map.entry("chunked_prefill_size", "--chunked-prefill-size"), Map.entry("tp_size", "--tp-size"));

    private static final Map<String, String> TGI = Map.ofEntries(Map.entry("max_num_seqs", "--max-concurrent-requests"),
            Map.entry("max_model_len", "--max-total-tokens"), Map.entry("max_num_batched_tokens", "--max-batch-prefill-tokens"),
            Map.entry("tensor_parallel_size", "--num-shard"), Map.entry("dtype", "--dtype"),
            Map.entry("quantization", "--quantize"), Map.entry("kv_cache_dtype", "--kv-cache-dtype"),
            Map.entry("trust_remote_code", "--trust-remote-code"), Map.entry("max_input_tokens", "--max-input-tokens"),
            Map.entry("max_concurrent_requests", "--max-concurrent-requests"),
            Map.entry("max_total_tokens", "--max-total-tokens"), Map.entry("num_shard", "--num-shard"));

    private static final Map<String, String> LLAMACPP = Map.ofEntries(Map.entry("max_num_seqs", "--parallel"),
            Map.entry("max_model_len", "--ctx-size"), Map.entry("max_num_batched_tokens", "--batch-size"),
            Map.entry("n_gpu_layers", "--n-gpu-layers"), Map.entry("seed", "--seed"),
            Map.entry("flash_attn", "--flash-attn"), Map.entry("parallel", "--parallel"),
            Map.entry("ctx_size", "--ctx-size"), Map.entry("threads", "--threads"));

    private static final Map<String, String> TRTLLM = Map.ofEntries(Map.entry("max_num_seqs", "--max_batch_size"),
            Map.entry("max_batch_size", "--max_batch_size"), Map.entry("max_num_batched_tokens", "--max_num_tokens"),
            Map.entry("max_num_tokens", "--max_num_tokens"), Map.entry("max_model_len", "--max_seq_len"),
            Map.entry("max_seq_len", "--max_seq_len"), Map.entry("tensor_parallel_size", "--tp_size"),
            Map.entry("pipeline_parallel_size", "--pp_size"),
            Map.entry("gpu_memory_utilization", "--kv_cache_free_gpu_memory_fraction"),
            Map.entry("backend", "--backend"), Map.entry("trust_remote_code", "--trust_remote_code"),
            Map.entry("max_beam_width", "--max_beam_width"), Map.entry("tokenizer", "--tokenizer"));

    private EngineParams() {
    }

    /** The flags {@code params} (written name → value, in order) become for {@code preset}. */
    public static Flags flags(EnginePreset preset, Map<String, JsonNode> params) {
        List<String> args = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        for (Map.Entry<String, JsonNode> e : params.entrySet()) {
            String name = e.getKey();
            JsonNode value = e.getValue();
            if (value == null || value.isNull()) {
                continue;
            }
            if (preset == EnginePreset.SGLANG && special(name, value, args)) {
                continue;
            }
            String known = knownFlag(preset, name);
            String flag = known != null ? known : blindFlag(preset, name);
            List<String> rendered = render(preset, flag, value);
            if (rendered.isEmpty()) {
                unknown.add(name + ": false has no " + preset.id() + " flag; the engine's default applies");
                continue;
            }
            args.addAll(rendered);
            if (known == null) {
                unknown.add(name + ": no " + preset.id() + " flag Joulebench knows; passed through as "
                        + String.join(" ", rendered));
            }
        }
        return new Flags(args, unknown);
    }

    /** SGLang spells two of vLLM's switches the other way round. */
    private static boolean special(String name, JsonNode value, List<String> args) {
        if (name.equals("enable_prefix_caching") && value.isBoolean()) {
            if (!value.booleanValue()) {
                args.add("--disable-radix-cache");
            }
            return true;
        }
        if (name.equals("enforce_eager") && value.isBoolean()) {
            if (value.booleanValue()) {
                args.add("--disable-cuda-graph");
            }
            return true;
        }
        return false;
    }

    private static String knownFlag(EnginePreset preset, String name) {
        return switch (preset) {
            case VLLM -> VLLM_FLAGS.contains(name) ? kebab(name) : null;
            case SGLANG -> SGLANG.get(name);
            case TGI -> TGI.get(name);
            case LLAMACPP -> LLAMACPP.get(name);
            case TRTLLM -> TRTLLM.get(name);
            default -> null;
        };
    }

    private static String blindFlag(EnginePreset preset, String name) {
        return preset == EnginePreset.TRTLLM ? "--" + name : kebab(name);
    }

    private static String kebab(String name) {
        return "--" + name.toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static List<String> render(EnginePreset preset, String flag, JsonNode value) {
        List<String> out = new ArrayList<>();
        if (value.isBoolean()) {
            if (value.booleanValue()) {
                out.add(flag);
            } else if (preset == EnginePreset.VLLM && flag.startsWith("--")) {
                out.add("--no-" + flag.substring(2)); // vLLM's boolean engine arguments take --no-<name>
            }
        } else if (value.isArray()) {
            out.add(flag);
            value.forEach(v -> out.add(v.isValueNode() ? v.asText() : v.toString()));
        } else if (value.isObject()) {
            out.add(flag);
            out.add(value.toString());
        } else {
            out.add(flag);
            out.add(value.isNumber() ? number(value) : value.asText());
        }
        return out;
    }

    private static String number(JsonNode v) {
        if (v.isIntegralNumber()) {
            return v.asText();
        }
        double d = v.doubleValue();
        return d == Math.rint(d) && Math.abs(d) < 1e15 ? Long.toString((long) d) : Double.toString(d);
    }
}
