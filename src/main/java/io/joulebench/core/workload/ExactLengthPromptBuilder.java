package io.joulebench.core.workload;

import io.joulebench.core.traffic.trace.PrefixReuse;

import io.joulebench.core.server.ServerTokenizer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Builds prompts of exactly a row's input length as the engine counts tokens, with the row's shared prefix
 * (docs/workloads.md, "Exact-length prompts and shared prefixes"). The corpus (the study's dataset texts) is tokenized
 * once into a stream of ids. Block {@code k} of a prompt, for hash id {@code h}, is a marker naming {@code h}
 * followed by ids of the stream from an offset drawn from (seed, h), {@code blockSize} ids in all, detokenized: equal
 * ids give equal text, different ids different text (the markers differ). The rest of the prompt (the partial last
 * block, or all of it when the row has no hash ids) is a marker naming the request followed by ids from the
 * request's own offset; its length is corrected until the whole prompt tokenizes to the row's length, since text
 * joined at a block edge can tokenize a token or two off. Tokens the engine adds to every prompt (a BOS token,
 * {@link PromptTokenizer#addedTokens()}) are part of the row's length: the text is that many tokens shorter.
 *
 * <p>Rows must be built in request order: {@code shared_prefix_tokens} counts the leading hash ids seen in earlier
 * rows. Not thread-safe; one builder thread owns it ({@link PromptLookahead}).
 */
public final class ExactLengthPromptBuilder {

    /** Block texts kept by default; memory is about this many blocks of text. */
    public static final int DEFAULT_CACHE_BLOCKS = 2048;
    private static final int CHUNK_CHARS = 32_768;
    private static final int MAX_CORRECTIONS = 8;

    private final PromptTokenizer tokenizer;
    private final int[] corpus;
    private final long seed;
    private final Map<Long, String> blocks;
    private final PrefixReuse reuse = new PrefixReuse();
    private final int cacheBlocks;
    /** Tokens the engine adds to every prompt, asked once with the corpus. */
    private final int added;

    /**
     * @param texts       the dataset's prompt texts, in order; tokenized once here
     * @param cacheBlocks how many block texts to keep (least recently used go first; a block is rebuilt identical)
     */
    public ExactLengthPromptBuilder(PromptTokenizer tokenizer, List<String> texts, long seed, int cacheBlocks)
            throws ServerTokenizer.Unavailable, InterruptedException {
        this(Objects.requireNonNull(tokenizer, "tokenizer"), tokenizeCorpus(tokenizer, texts), seed, cacheBlocks,
                tokenizer.addedTokens());
    }

    private ExactLengthPromptBuilder(PromptTokenizer tokenizer, int[] corpus, long seed, int cacheBlocks,
                                     int added) {
        this.tokenizer = tokenizer;
        this.added = added;
        this.seed = seed;
        this.corpus = corpus;
        this.cacheBlocks = cacheBlocks;
        if (cacheBlocks < 1) {
            throw new IllegalArgumentException("cacheBlocks must be >= 1");
        }
        this.blocks = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Long, String> eldest) {
                return size() > cacheBlocks;
            }
        };
    }

    public ExactLengthPromptBuilder(PromptTokenizer tokenizer, List<String> texts, long seed)
            throws ServerTokenizer.Unavailable, InterruptedException {
        this(tokenizer, texts, seed, DEFAULT_CACHE_BLOCKS);
    }

    /**
     * A builder over the same tokenized corpus with another seed, and nothing built or seen yet: the corpus is
     * tokenized once however many replays build from it.
     */
    public ExactLengthPromptBuilder withSeed(long otherSeed) {
        return new ExactLengthPromptBuilder(tokenizer, corpus, otherSeed, cacheBlocks, added);
    }

    public PromptTokenizer tokenizer() {
        return tokenizer;
    }

    /** Ids in the corpus stream. */
    public int corpusTokens() {
        return corpus.length;
    }

    /** Block texts held now (at most the cache size given). */
    public int cachedBlocks() {
        return blocks.size();
    }

    /** The prompt of request {@code index}; call in request order. */
    public BuiltPrompt build(int index, PromptRow row) throws ServerTokenizer.Unavailable, InterruptedException {
        int wanted = Math.max(0, row.inputTokens() - added); // of text: the engine adds the rest
        int blockSize = row.blockSize();
        int fullBlocks = Math.min(row.hashIdCount(), wanted / blockSize);
        StringBuilder prefix = new StringBuilder();
        for (int k = 0; k < fullBlocks; k++) {
            prefix.append(blockText(row.hashId(k), blockSize));
        }
        int run = reuse.sharedBlocks(row.hashIds());
        Attempt built = fit(index, prefix.toString(), wanted, wanted - fullBlocks * blockSize);
        int shared = Math.min(Math.min(run, fullBlocks) * blockSize, built.tokens);
        return new BuiltPrompt(index, built.text, row.inputTokens(), built.tokens + added, shared,
                row.outputTokens());
    }

    private record Attempt(String text, int tokens) {
        int miss(int wanted) {
            return Math.abs(tokens - wanted);
        }
    }

    /** Grows or shrinks the request's own tail until the whole prompt counts {@code wanted} tokens. */
    private Attempt fit(int index, String prefix, int wanted, int tail)
            throws ServerTokenizer.Unavailable, InterruptedException {
        int[] own = ownIds(index, Math.max(tail, 0) + 64);
        Attempt best = null;
        Set<Integer> tried = new HashSet<>();
        int length = tail;
        for (int attempt = 0; attempt < MAX_CORRECTIONS && length >= 0 && tried.add(length); attempt++) {
            if (length > own.length) {
                own = ownIds(index, length + 64);
            }
            String text = length == 0 ? prefix : prefix + tokenizer.detokenize(Arrays.copyOf(own, length));
            Attempt a = new Attempt(text, tokenizer.count(text));
            if (best == null || a.miss(wanted) < best.miss(wanted)) {
                best = a;
            }
            if (a.tokens == wanted) {
                return a;
            }
            length += wanted - a.tokens;
        }
        if (best == null) {
            best = new Attempt(prefix, tokenizer.count(prefix));
        }
        if (best.tokens > wanted) { // too long with no tail left to shorten: cut the text at the wanted token
            int[] ids = tokenizer.tokenize(best.text);
            String cut = tokenizer.detokenize(Arrays.copyOf(ids, wanted));
            Attempt a = new Attempt(cut, tokenizer.count(cut));
            if (a.miss(wanted) < best.miss(wanted)) {
                best = a;
            }
        }
        return best;
    }

    /** Block text for hash id {@code h}: the same for the same (seed, h, block size), whoever asks. */
    private String blockText(int hashId, int blockSize) throws ServerTokenizer.Unavailable, InterruptedException {
        long key = ((long) hashId << 20) ^ blockSize;
        String text = blocks.get(key);
        if (text == null) {
            int[] ids = markedIds("[block " + hashId + "] ", offset(0x5bd1e995L, hashId), blockSize);
            text = tokenizer.detokenize(ids);
            blocks.put(key, text);
        }
        return text;
    }

    /** The request's own ids: a marker naming it, then the corpus from its own offset. */
    private int[] ownIds(int index, int length) throws ServerTokenizer.Unavailable, InterruptedException {
        return markedIds("[request " + index + "] ", offset(0x9e3779b9L, index), length);
    }

    private int[] markedIds(String marker, int from, int length)
            throws ServerTokenizer.Unavailable, InterruptedException {
        int[] head = tokenizer.tokenize(marker);
        int[] ids = new int[length];
        int n = Math.min(head.length, length);
        System.arraycopy(head, 0, ids, 0, n);
        for (int i = n; i < length; i++) {
            ids[i] = corpus[(from + i - n) % corpus.length];
        }
        return ids;
    }

    private int offset(long domain, int id) {
        return (int) Math.floorMod(mix(seed ^ mix(domain * 31 + id)), (long) corpus.length);
    }

    /** SplitMix64's finalizer: a well-spread hash of a long. */
    private static long mix(long z) {
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private static int[] tokenizeCorpus(PromptTokenizer tokenizer, List<String> texts)
            throws ServerTokenizer.Unavailable, InterruptedException {
        int[] ids = new int[1024];
        int size = 0;
        StringBuilder chunk = new StringBuilder();
        for (int i = 0; i <= texts.size(); i++) {
            boolean last = i == texts.size();
            if (!last && chunk.length() > 0 && chunk.length() + texts.get(i).length() <= CHUNK_CHARS) {
                chunk.append("\n\n").append(texts.get(i));
                continue;
            }
            if (chunk.length() > 0) {
                int[] part = tokenizer.tokenize(chunk.toString());
                if (size + part.length > ids.length) {
                    ids = Arrays.copyOf(ids, Math.max(ids.length * 2, size + part.length));
                }
                System.arraycopy(part, 0, ids, size, part.length);
                size += part.length;
                chunk.setLength(0);
            }
            if (!last) {
                chunk.append(texts.get(i));
            }
        }
        if (size == 0) {
            throw new IllegalArgumentException("the dataset has no text to build prompts from");
        }
        return Arrays.copyOf(ids, size);
    }
}
