// A real SMTP server for the digest tests (the smtp-server package): it keeps every mail it is
// given, parsed, and refuses the mailboxes in `refusing` with 550, as a server does for a bounce.
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  inbox: ParsedMail[];
  refusing: Set<string>;
  /** Waits until `count` mails to `address` have come. */
  mailTo(address: string, count?: number, timeoutMs?: number): Promise<ParsedMail[]>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtp> {
  const inbox: ParsedMail[] = [];
  const refusing = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refusing.has(address.address)) return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          inbox.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as { port: number }).port,
    inbox,
    refusing,
    async mailTo(address, count = 1, timeoutMs = 30_000) {
      const started = Date.now();
      for (;;) {
        const mails = inbox.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value[0]?.address === address);
        if (mails.length >= count) return mails;
        if (Date.now() - started > timeoutMs) throw new Error(`${count} mail(s) to ${address} not received; inbox: ${inbox.map((m) => m.subject).join(' | ')}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The `email` setting that sends through it. */
export const smtpSetting = (smtp: TestSmtp) => ({
  host: '127.0.0.1',
  port: smtp.port,
  secure: false,
  user: '',
  password: '',
  from: 'Newsroom <news@example.org>',
});
