package io.joulebench.core.results;

import com.fasterxml.jackson.databind.JsonNode;
import io.joulebench.core.ToolVersion;
import io.joulebench.core.session.LevelResult;
import io.joulebench.core.session.SessionBlock;
import io.joulebench.core.session.SessionSink;
import io.joulebench.core.session.WindowIds;
import io.joulebench.core.study.ResolvedCell;
import io.joulebench.core.study.StudyPlan;
import io.joulebench.core.time.Clock;
import io.joulebench.core.window.WindowRecord;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One study run on disk (spec §5.6, issue 7 "Results"): {@code study.yaml}, {@code resolved.json},
 * {@code manifest.json}, {@code windows.csv}, {@code devices.csv} and one bundle folder per window; beside them {@code logs/} (one server
 * log per session) and {@code interrupted/} (degraded bundles of interrupted levels, never credited). Crediting a
 * level is three durable
 * steps in this order: bundles (each renamed into place whole), the level's {@code windows.csv} rows (one append, then its {@code devices.csv} rows),
 * then the manifest (atomic replace). The manifest is the truth: {@link #open} drops whatever a crash left beyond it
 * (see {@link Reconciler} and docs/decisions/0004). Calls are serialised.
 */
public final class ResultsFolder implements SessionSink {

    public static final String STUDY_FILE = "study.yaml";
    /** Server logs, one {@code <session id>.log} per session. */
    public static final String LOGS_DIR = "logs";
    /** Degraded bundles of the closed windows of interrupted levels: {@code <window id>-<UTC>}, never credited. */
    public static final String INTERRUPTED_DIR = "interrupted";
    /** A cluster run's job records and the jobs' own folders ({@code io.joulebench.core.executor.slurm}). */
    public static final String CLUSTER_DIR = "cluster";
    static final String STAGING = AtomicFiles.TEMP_PREFIX + "staging";
    /** A window's spilled request rows in staging ({@code io.joulebench.core.window.RequestLogSpill}). */
    private static final String STAGED_ROWS = ".requests.rows";
    private static final Logger LOG = LoggerFactory.getLogger(ResultsFolder.class);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'")
            .withZone(ZoneOffset.UTC);

    private final Path dir;
    private final Manifest manifest;
    private final Redactor redactor;
    private final WindowRowMapper rows;
    private final CrashHook hook;
    /** Stamps the manifest's updates and the interrupted bundles' folders. */
    private final Clock clock;
    /** Each session's bundles with the typed window each was written from, to write its final block at close. */
    private final Map<String, List<SessionBundle>> bundlesBySession = new HashMap<>();

    private record SessionBundle(Path dir, WindowFacts facts) {
    }

    private ResultsFolder(Path dir, Manifest manifest, Redactor redactor, CrashHook hook, Clock clock) {
        this.dir = dir;
        this.manifest = manifest;
        this.redactor = redactor;
        this.rows = new WindowRowMapper(manifest.studyName(), ToolVersion.get());
        this.hook = hook;
        this.clock = clock;
    }

    /** Creates {@code <out>/<study_name>-<UTC yyyyMMdd'T'HHmmss'Z'>/} for a plan, every cell pending. */
    public static ResultsFolder create(Path out, StudyPlan plan, Clock clock) throws IOException {
        return create(out, plan, clock, CrashHook.NONE);
    }

    static ResultsFolder create(Path out, StudyPlan plan, Clock clock, CrashHook hook) throws IOException {
        Files.createDirectories(out);
        return createAt(newFolderPath(out, plan.study().studyName(), clock.wallTime()), plan, clock, hook);
    }

    /**
     * The one naming rule for a new results folder, used by {@code joulebench run} and the workbench alike:
     * {@code <out>/<safe study name>-<UTC yyyyMMdd'T'HHmmss'Z'>}, with {@code -2}, {@code -3}… appended while that
     * name is taken. The folder is not created.
     */
    public static Path newFolderPath(Path out, String studyName, Instant now) {
        String base = safeName(studyName) + "-" + STAMP.format(now);
        Path dir = out.resolve(base);
        for (int n = 2; Files.exists(dir); n++) {
            dir = out.resolve(base + "-" + n);
        }
        return dir;
    }

    /** Creates exactly {@code dir} (which must not exist yet), for callers that name the folder themselves. */
    public static ResultsFolder createAt(Path dir, StudyPlan plan, Clock clock) throws IOException {
        if (Files.exists(dir)) {
            throw new java.nio.file.FileAlreadyExistsException(dir.toString(), null, "results folder already exists");
        }
        return createAt(dir, plan, clock, CrashHook.NONE);
    }

    private static ResultsFolder createAt(Path dir, StudyPlan plan, Clock clock, CrashHook hook) throws IOException {
        Path out = dir.toAbsolutePath().getParent();
        Files.createDirectories(out);
        String base = dir.getFileName().toString();
        Redactor redactor = Redactor.learning(plan.study().document());
        plan.cells().forEach(c -> redactor.redact(c.config()));
        Path tmp = out.resolve(AtomicFiles.TEMP_PREFIX + base + "-" + UUID.randomUUID());
        Files.createDirectory(tmp);
        String yaml = studyText(plan);
        String redactedYaml = redactor.scrub(yaml);
        AtomicFiles.write(tmp.resolve(STUDY_FILE), redactedYaml);
        ResultsJson.write(tmp.resolve(ResolvedJson.FILE_NAME),
                ResolvedJson.of(plan, redactor, !redactedYaml.equals(yaml), clock.wallTime()));
        List<ManifestEntry> entries = new ArrayList<>();
        for (ResolvedCell c : plan.cells()) {
            entries.add(ManifestEntry.pending(c.index(), c.configHash(), c.cycle(), redactor.scrub(c.label())));
        }
        Manifest manifest = new Manifest(plan.study().studyName(), plan.study().designHash(), entries);
        manifest.write(tmp.resolve(Manifest.FILE_NAME));
        AtomicFiles.write(tmp.resolve(WindowsCsvTable.FILE_NAME), BundleWriter.header());
        AtomicFiles.write(tmp.resolve(DevicesCsv.FILE_NAME), DevicesCsv.header());
        Files.move(tmp, dir, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        AtomicFiles.syncDirectory(out);
        return new ResultsFolder(dir, manifest, redactor, hook, clock);
    }

    /**
     * Opens an existing folder to continue it: removes temp leftovers, drops bundles and rows of uncredited cells and
     * rebuilds {@code windows.csv} from the credited bundles when it does not match the manifest exactly.
     *
     * @param plan the re-planned study (its configs teach the redactor the secrets to keep out of messages)
     */
    public static ResultsFolder open(Path dir, StudyPlan plan, Clock clock) throws IOException {
        return open(dir, plan, clock, CrashHook.NONE);
    }

    static ResultsFolder open(Path dir, StudyPlan plan, Clock clock, CrashHook hook) throws IOException {
        Manifest manifest = Reconciler.reconcile(dir, clock);
        Redactor redactor = plan == null ? new Redactor() : Redactor.learning(plan.study().document());
        return new ResultsFolder(dir, manifest, redactor, hook, clock);
    }

    public Path dir() {
        return dir;
    }

    /** A snapshot of the manifest entries in dispatch order. */
    public synchronized List<ManifestEntry> entries() {
        return manifest.entries();
    }

    public synchronized ManifestEntry entry(ResolvedCell cell) {
        return manifest.get(cell.configHash(), cell.cycle());
    }

    @Override
    public synchronized void cellStarted(ResolvedCell cell, String sessionId) throws IOException {
        ManifestEntry e = entry(cell);
        if (e.credited()) {
            throw new IllegalStateException(e.key() + " is already credited; it must not run again");
        }
        update(e.with(CellStatus.RUNNING, null, null, sessionId, List.of(), null, now()));
    }

    @Override
    public synchronized Path requestLogPath(ResolvedCell cell, String sessionId, int levelIndex, int windowIndex)
            throws IOException {
        Path staging = dir.resolve(STAGING);
        Files.createDirectories(staging);
        return staging.resolve(WindowIds.of(cell, levelIndex, windowIndex) + STAGED_ROWS);
    }

    /** Not synchronized itself: the writer thread takes the folder's lock, so the waiting caller must not hold it. */
    @Override
    public void levelClosed(LevelResult level, SessionBlock preliminary) throws IOException {
        Uninterruptibly.run(() -> {
            synchronized (this) {
                credit(level, preliminary);
            }
        });
    }

    private void credit(LevelResult level, SessionBlock preliminary) throws IOException {
        ManifestEntry e = entry(level.cell());
        if (e.credited()) {
            throw new IllegalStateException(e.key() + " is already credited; a level is never credited twice");
        }
        if (level.interrupted()) {
            keepInterrupted(level, preliminary);
            update(e.with(CellStatus.RUNNING, "interrupted", null, level.sessionId(), List.of(), null, now()));
            return;
        }
        List<String> ids = new ArrayList<>();
        StringBuilder lines = new StringBuilder();
        StringBuilder devices = new StringBuilder();
        for (WindowRecord w : level.windows()) {
            String id = level.windowId(w.windowIndex());
            WindowFacts facts = rows.facts(level, w, id);
            List<Object> values = csvValues(facts);
            Path bundle = BundleWriter.write(dir, facts, values, preliminary, staged(level, w), redactor, hook);
            bundlesBySession.computeIfAbsent(level.sessionId(), k -> new ArrayList<>())
                    .add(new SessionBundle(bundle, facts));
            hook.reached("bundle-written");
            ids.add(id);
            lines.append(BundleWriter.rowLine(values));
            devices.append(DevicesCsv.rows(facts));
        }
        if (!lines.isEmpty()) {
            AtomicFiles.append(dir.resolve(WindowsCsvTable.FILE_NAME), lines.toString());
        }
        if (!devices.isEmpty()) {
            AtomicFiles.append(dir.resolve(DevicesCsv.FILE_NAME), devices.toString());
        }
        hook.reached("rows-appended");
        boolean valid = level.valid();
        String reason = valid ? null : redactor.scrub(WindowRowMapper.invalidReason(level));
        String type = valid ? null : level.outcome() == null ? "LevelAborted" : "LevelInvalid";
        update(e.with(valid ? CellStatus.COMPLETED : CellStatus.FAILED, reason, type, level.sessionId(), ids,
                CellSummaries.of(level), now()));
        hook.reached("credited");
    }

    /**
     * The closed windows of an interrupted level, kept as degraded bundles in {@code interrupted/<id>-<UTC>/}: outside
     * the credited namespace (no windows.csv row, not in the manifest), so the resume that reruns the level never
     * meets a duplicate id.
     */
    private void keepInterrupted(LevelResult level, SessionBlock preliminary) throws IOException {
        if (level.windows().isEmpty()) {
            return;
        }
        Path parent = dir.resolve(INTERRUPTED_DIR);
        Files.createDirectories(parent);
        String stamp = STAMP.format(clock.wallTime());
        for (WindowRecord w : level.windows()) {
            String id = level.windowId(w.windowIndex());
            Path target = parent.resolve(id + "-" + stamp);
            for (int n = 2; Files.exists(target); n++) {
                target = parent.resolve(id + "-" + stamp + "-" + n);
            }
            try {
                WindowFacts facts = rows.facts(level, w, id);
                Path bundle = BundleWriter.write(dir, target, facts, csvValues(facts), preliminary,
                        staged(level, w), redactor, hook);
                bundlesBySession.computeIfAbsent(level.sessionId(), k -> new ArrayList<>())
                        .add(new SessionBundle(bundle, facts));
            } catch (IOException | RuntimeException ex) {
                // a degraded bundle is kept for the record only: losing one must not keep the cell from being
                // marked interrupted (resume reruns it) nor the other windows from being kept
                LOG.warn("cannot keep the interrupted window {}: {}", id, ex.toString(), ex);
            }
        }
    }

    /** The windows.csv row of a window in column order, its reason scrubbed. */
    private List<Object> csvValues(WindowFacts facts) {
        List<Object> values = WindowRowMapper.values(facts);
        int reason = WindowColumn.INVALID_REASON.ordinal();
        values.set(reason, redactor.scrub((String) values.get(reason)));
        return values;
    }

    @Override
    public Path serverLogDir() {
        return dir.resolve(LOGS_DIR);
    }

    @Override
    public synchronized void cellFailed(ResolvedCell cell, String failureType, String reason) throws IOException {
        ManifestEntry e = entry(cell);
        if (e.credited()) {
            return; // never rewrite credited history
        }
        update(e.with(CellStatus.FAILED, redactor.scrub(reason), failureType, e.sessionId(), List.of(), null, now()));
    }

    /** A capacity search's path and result go to capacity.json and probes.csv, never to a bundle or windows.csv. */
    @Override
    public synchronized void capacitySearched(ResolvedCell cell, io.joulebench.core.study.CapacitySearchConfig settings,
            io.joulebench.core.capacity.CapacitySearch.Result result) throws IOException {
        CapacityFiles.write(dir, cell, settings, result);
    }

    /**
     * Writes the result.json and system.json of the session's bundles again, from the typed windows they were written
     * from and the final block: the files are never read back.
     */
    @Override
    public synchronized void sessionClosed(SessionBlock block) throws IOException {
        for (SessionBundle bundle : bundlesBySession.getOrDefault(block.sessionId(), List.of())) {
            if (Files.isDirectory(bundle.dir())) {
                Uninterruptibly.run(() -> BundleWriter.rewriteSession(bundle.dir(), bundle.facts(), block, redactor));
            }
        }
        bundlesBySession.remove(block.sessionId());
    }

    /** Leaves a cell {@code running} with the reason {@code interrupted}: resume reruns it. */
    public synchronized void levelInterrupted(ResolvedCell cell) throws IOException {
        ManifestEntry e = entry(cell);
        if (!e.credited()) {
            update(e.with(CellStatus.RUNNING, "interrupted", null, e.sessionId(), List.of(), null, now()));
        }
    }

    /**
     * Takes in what another writer's results folder of the same plan credited for {@code cells}: a Slurm job's own
     * folder, which only that job wrote. The job folder is reconciled first (a job killed mid-credit leaves nothing
     * half-done there), then per credited cell, in the order {@link #levelClosed} uses: its bundles are moved in,
     * their rows appended to windows.csv, and the manifest entry taken over. Server logs and interrupted bundles
     * move in too. Cells credited here already are skipped, so merging twice never duplicates a window.
     *
     * @return the cells the job did not credit (the caller fails them with the job's reason)
     */
    public synchronized List<ResolvedCell> adopt(Path jobDir, List<ResolvedCell> cells) throws IOException {
        if (!Files.isRegularFile(jobDir.resolve(Manifest.FILE_NAME))) {
            return List.copyOf(cells);
        }
        Manifest job = Reconciler.reconcile(jobDir, clock);
        List<ResolvedCell> left = new ArrayList<>();
        String header = BundleWriter.header();
        for (ResolvedCell cell : cells) {
            ManifestEntry mine = entry(cell);
            ManifestEntry theirs = job.get(cell.configHash(), cell.cycle());
            if (mine.credited()) {
                continue;
            }
            if (!theirs.credited()) {
                left.add(cell);
                continue;
            }
            StringBuilder lines = new StringBuilder();
            StringBuilder devices = new StringBuilder();
            for (String id : theirs.windowIds()) {
                Path to = dir.resolve(id);
                if (Files.exists(to)) {
                    AtomicFiles.deleteTree(to); // an uncredited leftover of an earlier attempt
                }
                Files.move(jobDir.resolve(id), to, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
                String own = Files.readString(to.resolve(BundleWriter.ROW), StandardCharsets.UTF_8);
                if (!own.startsWith(header)) {
                    throw new IOException("bundle " + to + " has a " + BundleWriter.ROW + " with another header");
                }
                lines.append(own, header.length(), own.length());
                devices.append(DevicesCsv.bundleRows(to));
            }
            AtomicFiles.syncDirectory(dir);
            if (!lines.isEmpty()) {
                AtomicFiles.append(dir.resolve(WindowsCsvTable.FILE_NAME), lines.toString());
            }
            if (!devices.isEmpty()) {
                AtomicFiles.append(dir.resolve(DevicesCsv.FILE_NAME), devices.toString());
            }
            update(mine.with(theirs.status(), theirs.reason(), theirs.failureType(), theirs.sessionId(),
                    theirs.windowIds(), theirs.summary(), theirs.updatedUtc()));
        }
        moveChildren(jobDir.resolve(LOGS_DIR), dir.resolve(LOGS_DIR));
        moveChildren(jobDir.resolve(INTERRUPTED_DIR), dir.resolve(INTERRUPTED_DIR));
        return left;
    }

    private static void moveChildren(Path from, Path to) throws IOException {
        if (!Files.isDirectory(from)) {
            return;
        }
        Files.createDirectories(to);
        try (var children = Files.list(from)) {
            for (Path p : children.toList()) {
                Path target = to.resolve(p.getFileName().toString());
                if (!Files.exists(target)) {
                    Files.move(p, target);
                }
            }
        }
    }

    /**
     * Rewrites windows.csv with the credited rows in dispatch order (the manifest's), as one run here writes them:
     * merged groups append in the order they finish.
     */
    public synchronized void orderRows() throws IOException {
        java.util.LinkedHashSet<String> credited = new java.util.LinkedHashSet<>();
        for (ManifestEntry e : manifest.entries()) {
            if (e.credited()) {
                credited.addAll(e.windowIds());
            }
        }
        Uninterruptibly.run(() -> {
            Reconciler.rebuild(dir, dir.resolve(WindowsCsvTable.FILE_NAME), credited);
            DevicesCsv.rebuild(dir, credited);
        });
    }

    /** Ends this run's use of the folder: staged request logs left over belong to no credited window. */
    public synchronized void finish() throws IOException {
        Uninterruptibly.run(() -> AtomicFiles.deleteTree(dir.resolve(STAGING)));
    }

    private Path staged(LevelResult level, WindowRecord w) {
        return dir.resolve(STAGING).resolve(level.windowId(w.windowIndex()) + STAGED_ROWS);
    }

    /** Names this run in its manifest ({@code run --label}); a resume keeps it, as every rewrite does. */
    public synchronized void label(String label) throws IOException {
        manifest.setRunLabel(label);
        Uninterruptibly.run(() -> manifest.write(dir.resolve(Manifest.FILE_NAME)));
    }

    /** This run's label; empty when none was given. */
    public synchronized String runLabel() {
        return manifest.runLabel();
    }

    private void update(ManifestEntry entry) throws IOException {
        manifest.put(entry);
        Uninterruptibly.run(() -> manifest.write(dir.resolve(Manifest.FILE_NAME)));
    }

    private String now() {
        return clock.wallTime().toString();
    }

    private static String studyText(StudyPlan plan) throws IOException {
        Path source = plan.study().source();
        if (source != null && Files.isRegularFile(source)) {
            return Files.readString(source, StandardCharsets.UTF_8);
        }
        JsonNode doc = plan.study().document();
        return new com.fasterxml.jackson.dataformat.yaml.YAMLMapper().writeValueAsString(doc);
    }

    /** The study name as a folder name: letters, digits, dot, dash and underscore; anything else becomes '_'. */
    static String safeName(String studyName) {
        String s = studyName == null || studyName.isBlank() ? "study" : studyName.strip();
        s = s.replaceAll("[^A-Za-z0-9._-]", "_");
        return s.startsWith(".") || s.startsWith("-") ? "_" + s.substring(1) : s;
    }
}
