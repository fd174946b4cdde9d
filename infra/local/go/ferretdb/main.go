// Command ferretdb runs FerretDB (MongoDB wire protocol) for local development and tests, on
// PostgreSQL (a cluster of the project's own, see infra/local/src/servers.ts) or on SQLite files. It embeds FerretDB's public `ferretdb` package instead of building
// FerretDB's own cmd, whose `go install` panics because its generated build/version files
// (version.txt, commit.txt, ...) are absent from the module zip.
//
// Usage: ferretdb -listen-addr 127.0.0.1:37017 -handler postgresql -postgresql-url postgres://user@127.0.0.1:15432/ferretdb
//
//	ferretdb -listen-addr 127.0.0.1:37017 -handler sqlite -data-dir /path/to/dir [-log-level info]
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
	handler := flag.String("handler", "sqlite", "storage: `postgresql` or sqlite")
	postgresqlURL := flag.String("postgresql-url", "", "PostgreSQL `URL` of the postgresql handler (postgres://user@host:port/db)")
	dataDir := flag.String("data-dir", "", "`directory` holding the SQLite databases of the sqlite handler (created if missing)")
	logLevel := flag.String("log-level", "info", "log level: debug, info, warn or error")
	flag.Parse()

	if err := run(*listenAddr, *handler, *postgresqlURL, *dataDir, *logLevel); err != nil {
		fmt.Fprintln(os.Stderr, "ferretdb:", err)
		os.Exit(1)
	}
}

func run(listenAddr, handler, postgresqlURL, dataDir, logLevel string) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(logLevel)); err != nil {
		return fmt.Errorf("bad -log-level %q: %w", logLevel, err)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: level}))

	config := &ferretdb.Config{
		Listener: ferretdb.ListenerConfig{TCP: listenAddr},
		Logger:   logger,
		Handler:  handler,
	}
	var storage string
	switch handler {
	case "postgresql":
		if postgresqlURL == "" {
			return errors.New("-postgresql-url is required with -handler postgresql")
		}
		// Each MongoDB database becomes a PostgreSQL schema, each collection a table.
		config.PostgreSQLURL = postgresqlURL
		storage = postgresqlURL
	case "sqlite":
		if dataDir == "" {
			return errors.New("-data-dir is required with -handler sqlite")
		}
		dir, err := filepath.Abs(dataDir)
		if err != nil {
			return err
		}
		if err = os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		// SQLite URL must be a `file:` URI of a directory ending with a slash:
		// each MongoDB database becomes one SQLite file in it.
		config.SQLiteURL = "file:" + dir + "/"
		storage = dir
	default:
		return fmt.Errorf("bad -handler %q (postgresql or sqlite)", handler)
	}

	f, err := ferretdb.New(config)
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	logger.Info("ferretdb listening", "addr", listenAddr, "handler", handler, "storage", storage, "uri", f.MongoDBURI())

	// Run blocks until ctx is canceled, then closes the listener, waits for clients
	// and closes the backend (its PostgreSQL pool or SQLite files).
	if err = f.Run(ctx); err != nil {
		return err
	}

	logger.Info("ferretdb stopped")

	return nil
}
