import { useEffect, useState } from 'react';
import { getRuntimeConfig } from '../remotes/runtime-config';

/**
 * The support address of this deployment (`CONTACT_EMAIL` of the shell's server, read
 * from /runtime-config.json). null while it loads, or if the configuration is unavailable.
 */
export function useContactEmail(): string | null {
  const [email, setEmail] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    getRuntimeConfig().then(
      (config) => {
        if (live) setEmail(config.contactEmail);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return email;
}
