// A real SMTP server in the test process: the app's mail service delivers to it,
// and the test reads what arrived, parsed by mailparser.
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";
import { setTransportForTests } from "~/platform/mail.server";

/** Starts the server for the calling test file; returns the list messages arrive in. */
export function smtpInbox(): ParsedMail[] {
  const received: ParsedMail[] = [];
  let server: SMTPServer;
  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    setTransportForTests(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
  });
  afterAll(async () => {
    setTransportForTests(null);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return received;
}
