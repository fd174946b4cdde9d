// Command ferretdb runs FerretDB (MongoDB wire protocol) on SQLite storage for local
// development and tests. It embeds FerretDB's public `ferretdb` package instead of building
// FerretDB's own cmd, whose `go install` panics because its generated build/version files
// (version.txt, commit.txt, ...) are absent from the module zip.
//
// Usage: ferretdb -listen-addr 127.0.0.1:37017 -data-dir /path/to/dir [-log-level info]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listenAddr := flag.String("listen-addr", "127.0.0.1:27017", "TCP `host:port` to listen on")
	dataDir := flag.String("data-dir", "", "`directory` holding the SQLite databases (created if missing)")
	logLevel := flag.String("log-level", "info", "log level: debug, info, warn or error")
	flag.Parse()

	if err := run(*listenAddr, *dataDir, *logLevel); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func run(listenAddr, dataDir, logLevel string) error {
	if dataDir == "" {
		return errors.New("-data-dir is required")
	}

	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return fmt.Errorf("bad -log-level %q: %w", logLevel, err)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	dir, err := filepath.Abs(dataDir)
	if err != nil {
		return err
	}

	if err = os.MkdirAll(dir, 0o755); err != nil {
		return err
	}

	f, err := ferretdb.New(&ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: listenAddr},
		Logger:   logger,
		Handler:  "sqlite",
		// SQLite URL must be a `file:` URI of a directory ending with a slash:
		// each MongoDB database becomes one SQLite file in it.
		SQLiteURL: "file:" + dir + "/",
	})
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	logger.Info("ferretdb listening", "addr", listenAddr, "dataDir", dir, "uri", f.MongoDBURI())

	// Run blocks until ctx is canceled, then closes the listener, waits for clients
	// and closes the SQLite backend.
	if err = f.Run(ctx); err != nil {
		return err
	}

	logger.Info("ferretdb stopped")

	return nil
}
