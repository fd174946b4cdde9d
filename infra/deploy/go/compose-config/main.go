// compose-config loads a compose file exactly as Docker Compose does — compose-go, the library
// inside `docker compose`: the compose-spec JSON schema, `${VAR:?…}` interpolation from an env
// file, YAML anchors and merge keys, profiles, and the consistency checks (depends_on on unknown
// services, …) — and prints the resolved project as JSON, like `docker compose config
// --format json`, with no Docker engine and no network. Used by infra/deploy's tests.
//
//	compose-config [-env-file FILE] [-profiles a,b] docker-compose.yml
//
// Only the env file is read for interpolation (not the caller's environment), so a result never
// depends on who runs it. Exit 1 with the loader's message when Compose would refuse the file.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/compose-spec/compose-go/v2/cli"
)

func main() {
	envFile := flag.String("env-file", "", "env file for interpolation (default: none)")
	profiles := flag.String("profiles", "", "comma-separated profiles to enable")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: compose-config [-env-file FILE] [-profiles a,b] docker-compose.yml")
		os.Exit(2)
	}
	file, err := filepath.Abs(flag.Arg(0))
	if err != nil {
		fail(err)
	}
	var prof []string
	if *profiles != "" {
		prof = strings.Split(*profiles, ",")
	}
	options := []cli.ProjectOptionsFn{
		cli.WithWorkingDirectory(filepath.Dir(file)),
		cli.WithProfiles(prof),
		cli.WithInterpolation(true),
		cli.WithNormalization(true),
		cli.WithConsistency(true),
	}
	// Never the .env beside the file (WithEnvFiles' default): only what the caller passes.
	if *envFile != "" {
		options = append(options, cli.WithEnvFiles(*envFile), cli.WithDotEnv)
	}
	opts, err := cli.NewProjectOptions([]string{file}, options...)
	if err != nil {
		fail(err)
	}
	project, err := opts.LoadProject(context.Background())
	if err != nil {
		fail(err)
	}
	out, err := project.MarshalJSON()
	if err != nil {
		fail(err)
	}
	os.Stdout.Write(out)
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, err)
	os.Exit(1)
}
