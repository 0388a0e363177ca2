package io.joulebench.core.results;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;

/**
 * Durable file operations for the results folder. A replaced file is written to a temp file in the same folder,
 * forced to disk and renamed over the target, then the folder itself is forced, so a kill at any instant leaves
 * either the old or the new content. Temp names start with {@value #TEMP_PREFIX} so reconciliation can sweep them.
 */
public final class AtomicFiles {

    /** Every temp file and temp folder in a results folder starts with this. */
    public static final String TEMP_PREFIX = ".tmp-";

    private static final java.security.SecureRandom RANDOM = new java.security.SecureRandom();

    private AtomicFiles() {
    }

    public static void write(Path target, String text) throws IOException {
        write(target, text.getBytes(StandardCharsets.UTF_8));
    }

    /** Replaces {@code target} with {@code bytes} atomically and durably. */
    public static void write(Path target, byte[] bytes) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        Path tmp = newTempFile(dir, TEMP_PREFIX + target.getFileName());
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                writeFully(ch, ByteBuffer.wrap(bytes));
                ch.force(true);
            }
            move(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
        syncDirectory(dir);
    }

    /**
     * Creates a new empty file {@code prefix + random} in {@code dir} with the user's umask. Unlike
     * {@link Files#createTempFile}, which makes owner-only (0600) files, a file renamed into the results folder must
     * get the permissions any other file the user creates there would get.
     */
    public static Path newTempFile(Path dir, String prefix) throws IOException {
        while (true) {
            Path tmp = dir.resolve(prefix + "." + Long.toUnsignedString(RANDOM.nextLong(), 36));
            try {
                return Files.createFile(tmp);
            } catch (java.nio.file.FileAlreadyExistsException e) {
                // a collision of 64 random bits: draw again
            }
        }
    }

    /** Appends {@code text} in one write and forces it to disk (whole rows only: the caller passes complete lines). */
    public static void append(Path target, String text) throws IOException {
        try (FileChannel ch = FileChannel.open(target, StandardOpenOption.WRITE, StandardOpenOption.APPEND,
                StandardOpenOption.CREATE)) {
            writeFully(ch, ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8)));
            ch.force(true);
        }
    }

    /** Forces a file's content to disk (a file written by someone else before it is moved into a bundle). */
    public static void sync(Path file) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.WRITE)) {
            ch.force(true);
        }
    }

    /** Forces a folder's entries (new names, renames) to disk; a no-op where the platform cannot open folders. */
    public static void syncDirectory(Path dir) throws IOException {
        try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
            ch.force(true);
        } catch (IOException | UnsupportedOperationException e) {
            // Windows cannot open a directory as a channel; its renames are already metadata-journaled.
            if (Files.notExists(dir)) {
                throw new IOException("folder vanished: " + dir, e);
            }
        }
    }

    /** Renames {@code source} to {@code target} atomically, replacing a file (not a non-empty folder). */
    public static void move(Path source, Path target) throws IOException {
        try {
            Files.move(source, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    /** Deletes a file or a folder tree; absent is fine. */
    public static void deleteTree(Path path) throws IOException {
        if (!Files.exists(path, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
            return;
        }
        Files.walkFileTree(path, new SimpleFileVisitor<>() {
            @Override
            public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                Files.deleteIfExists(file);
                return FileVisitResult.CONTINUE;
            }

            /** A file that went away between listing and visiting (another writer's temp file) is already gone. */
            @Override
            public FileVisitResult visitFileFailed(Path file, IOException exc) throws IOException {
                if (exc instanceof java.nio.file.NoSuchFileException) {
                    return FileVisitResult.CONTINUE;
                }
                throw exc;
            }

            @Override
            public FileVisitResult postVisitDirectory(Path dir, IOException exc) throws IOException {
                Files.deleteIfExists(dir);
                return FileVisitResult.CONTINUE;
            }
        });
    }

    private static void writeFully(FileChannel ch, ByteBuffer buffer) throws IOException {
        while (buffer.hasRemaining()) {
            ch.write(buffer);
        }
    }
}
