#!/usr/bin/env python3
"""Writes a tiny llama-architecture GGUF with random weights for CPU tests.

The text it generates is nonsense, but the forward pass, streaming, usage counts and /metrics of
llama-server are real. Vocabulary: byte-level SentencePiece (<unk>, <s>, </s>, 256 byte tokens and a
few hundred word pieces), so any prompt tokenises. Needs python3-gguf and python3-numpy.

usage: make_tiny_gguf.py OUT.gguf [--dim 128] [--layers 2] [--heads 4] [--ffn 384] [--seed 7]
"""
import argparse
import string

import numpy as np
from gguf import GGUFWriter, TokenType

WORDS = ("the of and to in is was for on that with as by at from it an be this are or his which had not "
         "but were they have one all their has been there when who will more no if out so said what up its "
         "about into than them can only other new some could time these two may then do first any my now such "
         "like our over man me even most made after also did many before must through back years where much your "
         "way well down should because each just those people how too little state good very make world still own "
         "see men work long get here between both life being under never day same another know while last might us "
         "great old year off come since against go came right used take three energy token power watt joule server").split()


def vocabulary():
    tokens, scores, types = ["<unk>", "<s>", "</s>"], [0.0, 0.0, 0.0], [TokenType.UNKNOWN, TokenType.CONTROL, TokenType.CONTROL]
    for b in range(256):
        tokens.append(f"<0x{b:02X}>")
        scores.append(0.0)
        types.append(TokenType.BYTE)
    pieces = ["\u2581"] + list(string.ascii_letters + string.digits + string.punctuation)
    pieces += ["\u2581" + w for w in WORDS]
    seen = set(tokens)
    for i, p in enumerate(pieces):
        if p in seen:
            continue
        seen.add(p)
        tokens.append(p)
        scores.append(-float(i) / 10.0)
        types.append(TokenType.NORMAL)
    return tokens, scores, types


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--dim", type=int, default=128)
    ap.add_argument("--layers", type=int, default=2)
    ap.add_argument("--heads", type=int, default=4)
    ap.add_argument("--ffn", type=int, default=384)
    ap.add_argument("--ctx", type=int, default=2048)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = np.random.default_rng(a.seed)
    tokens, scores, types = vocabulary()
    n_vocab, d, head_dim = len(tokens), a.dim, a.dim // a.heads

    w = GGUFWriter(a.out, "llama")
    w.add_name("joulebench-tiny-random")
    w.add_context_length(a.ctx)
    w.add_embedding_length(d)
    w.add_block_count(a.layers)
    w.add_feed_forward_length(a.ffn)
    w.add_head_count(a.heads)
    w.add_head_count_kv(a.heads)
    w.add_layer_norm_rms_eps(1e-5)
    w.add_rope_dimension_count(head_dim)
    w.add_vocab_size(n_vocab)
    w.add_tokenizer_model("llama")
    w.add_token_list(tokens)
    w.add_token_scores(scores)
    w.add_token_types(types)
    w.add_bos_token_id(1)
    w.add_eos_token_id(2)
    w.add_unk_token_id(0)
    w.add_add_bos_token(True)
    w.add_add_eos_token(False)

    def rand(*shape):  # numpy shape is (rows, cols) = ggml ne reversed
        return (rng.standard_normal(shape) * 0.02).astype(np.float32)

    w.add_tensor("token_embd.weight", rand(n_vocab, d))
    for i in range(a.layers):
        p = f"blk.{i}."
        w.add_tensor(p + "attn_norm.weight", np.ones(d, dtype=np.float32))
        for name in ("attn_q", "attn_k", "attn_v", "attn_output"):
            w.add_tensor(p + name + ".weight", rand(d, d))
        w.add_tensor(p + "ffn_norm.weight", np.ones(d, dtype=np.float32))
        w.add_tensor(p + "ffn_gate.weight", rand(a.ffn, d))
        w.add_tensor(p + "ffn_up.weight", rand(a.ffn, d))
        w.add_tensor(p + "ffn_down.weight", rand(d, a.ffn))
    w.add_tensor("output_norm.weight", np.ones(d, dtype=np.float32))
    w.add_tensor("output.weight", rand(n_vocab, d))

    w.write_header_to_file()
    w.write_kv_data_to_file()
    w.write_tensors_to_file()
    w.close()
    print(f"wrote {a.out}: vocab {n_vocab}, dim {d}, layers {a.layers}, heads {a.heads}, ffn {a.ffn}")


if __name__ == "__main__":
    main()
