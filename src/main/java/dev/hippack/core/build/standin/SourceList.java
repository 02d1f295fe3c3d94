package dev.hippack.core.build.standin;

import java.util.ArrayList;
import java.util.List;

/**
 * The objects audio.cpp's HIP build compiles, by their real paths: the ggml base and CPU
 * backend, the 145 HIP sources of ggml-cuda (hand-written kernels and template instances),
 * the engine, and each binary's own sources.
 */
final class SourceList {

    static final int HIP_SOURCES = 145;

    private static final String[] KERNELS = {
        "acc", "add-id", "arange", "argmax", "argsort", "binbcast", "clamp", "concat", "conv-transpose-1d", "conv2d",
        "conv2d-dw", "conv2d-transpose", "convert", "count-equal", "cpy", "cross-entropy-loss", "diagmask", "fattn",
        "fattn-tile", "fattn-wmma-f16", "getrows", "ggml-cuda", "gla", "im2col", "mean", "mmf", "mmq", "mmvf", "mmvq",
        "norm", "opt-step-adamw", "opt-step-sgd", "out-prod", "pad", "pad_reflect_1d", "pool2d", "quantize", "roll",
        "rope", "scale", "set-rows", "softcap", "softmax", "ssm-conv", "ssm-scan", "sum", "sumrows", "tsembd", "unary",
        "upscale", "wkv"};
    private static final String[] QUANTS = {
        "q4_0", "q4_1", "q5_0", "q5_1", "q8_0", "q2_k", "q3_k", "q4_k", "q5_k", "q6_k", "iq1_s", "iq2_xxs", "iq2_xs",
        "iq2_s", "iq3_xxs", "iq3_s", "iq4_nl", "iq4_xs", "mxfp4"};
    private static final String[] BASE = {"ggml.c", "ggml-alloc.c", "ggml-quants.c", "ggml.cpp", "ggml-backend.cpp",
        "ggml-opt.cpp", "ggml-threading.cpp", "gguf.cpp", "ggml-backend-reg.cpp"};
    private static final String[] CPU = {"ggml-cpu.c", "ggml-cpu.cpp", "repack.cpp", "hbm.cpp", "quants.c", "traits.cpp",
        "amx/amx.cpp", "amx/mmq.cpp", "binary-ops.cpp", "unary-ops.cpp", "vec.cpp", "ops.cpp", "llamafile/sgemm.cpp",
        "arch/x86/quants.c", "arch/x86/repack.cpp", "arch/x86/cpu-feats.cpp"};
    private static final String[] ENGINE = {"runtime/engine.cpp", "runtime/model_registry.cpp", "runtime/model_spec.cpp",
        "runtime/backend.cpp", "runtime/session.cpp", "runtime/tokenizer.cpp", "runtime/weights.cpp", "audio/wav.cpp",
        "audio/resample.cpp", "audio/stft.cpp", "audio/mel.cpp", "models/kokoro_tts.cpp", "models/chatterbox.cpp",
        "models/outetts.cpp", "models/parakeet_tdt.cpp", "models/qwen3_asr.cpp", "models/qwen3_tts.cpp",
        "models/htdemucs.cpp", "models/stable_audio.cpp", "models/vibevoice.cpp", "models/pocket_tts.cpp"};

    private SourceList() { }

    /** Objects needed by {@code target} (all libraries, then its own sources), relative to the build folder. */
    static List<String> objects(String target) {
        List<String> o = new ArrayList<>();
        for (String s : BASE) {
            o.add("external/ggml/src/CMakeFiles/ggml-base.dir/" + s + ".obj");
        }
        for (String s : CPU) {
            o.add("external/ggml/src/CMakeFiles/ggml-cpu.dir/ggml-cpu/" + s + ".obj");
        }
        for (String s : hipSources()) {
            o.add("external/ggml/src/ggml-hip/CMakeFiles/ggml-hip.dir/__/ggml-cuda/" + s + ".obj");
        }
        for (String s : ENGINE) {
            o.add("src/CMakeFiles/engine_runtime.dir/" + s + ".obj");
        }
        if ("audiocpp_cli".equals(target)) {
            o.add("tools/cli/CMakeFiles/audiocpp_cli.dir/main.cpp.obj");
            o.add("tools/cli/CMakeFiles/audiocpp_cli.dir/args.cpp.obj");
        } else if ("audiocpp_server".equals(target)) {
            o.add("tools/server/CMakeFiles/audiocpp_server.dir/main.cpp.obj");
            o.add("tools/server/CMakeFiles/audiocpp_server.dir/http.cpp.obj");
            o.add("tools/server/CMakeFiles/audiocpp_server.dir/routes.cpp.obj");
            o.add("tools/server/CMakeFiles/audiocpp_server.dir/config.cpp.obj");
        }
        return o;
    }

    /** The 145 .cu files: the kernels, then the template instances up to the real count. */
    static List<String> hipSources() {
        List<String> s = new ArrayList<>();
        for (String k : KERNELS) {
            s.add(k + ".cu");
        }
        for (String q : QUANTS) {
            s.add("template-instances/mmq-instance-" + q + ".cu");
        }
        for (String q : QUANTS) {
            s.add("template-instances/mmf-instance-" + q + ".cu");
        }
        int[] cols = {1, 2, 4, 8, 16};
        int[] cols2 = {1, 2, 4, 8};
        outer:
        for (int c : cols) {
            for (int c2 : cols2) {
                if (s.size() >= HIP_SOURCES) {
                    break outer;
                }
                s.add("template-instances/fattn-mma-f16-instance-ncols1_" + c + "-ncols2_" + c2 + ".cu");
            }
        }
        String[] kv = {"f16", "q4_0", "q4_1", "q5_0", "q5_1", "q8_0"};
        outer2:
        for (String k : kv) {
            for (String v : kv) {
                if (s.size() >= HIP_SOURCES) {
                    break outer2;
                }
                s.add("template-instances/fattn-vec-instance-" + k + "-" + v + ".cu");
            }
        }
        return s;
    }
}
