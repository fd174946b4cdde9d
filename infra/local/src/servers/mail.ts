// Development mail server (SMTP + web inbox + REST API), an npm package: what the services send
// (contact form, order emails) lands here, readable at the web port.

import * as path from 'node:path';
import { HOST, type ServerPorts, type ServerSpec } from './config';
import { answers200 } from './helpers';

export function mailSpec(dataDir: string, p: ServerPorts): ServerSpec {
  return {
    name: 'mail',
    bin: process.execPath,
    args: [
      require.resolve('maildev/bin/maildev'),
      '--smtp',
      String(p.mailSmtp),
      '--web',
      String(p.mailWeb),
      '--ip',
      HOST,
      '--mail-directory',
      path.join(dataDir, 'mail'),
      '--silent',
    ],
    ports: [
      ['SMTP', p.mailSmtp],
      ['web inbox', p.mailWeb],
    ],
    ready: () => answers200(`http://${HOST}:${p.mailWeb}/email`),
    exports: { SMTP_HOST: HOST, SMTP_PORT: String(p.mailSmtp), MAIL_INBOX_URL: `http://${HOST}:${p.mailWeb}` },
  };
}
