// The From header: the configured sender address (MAIL_FROM) under a display name, so a
// shop's customers and suppliers see the shop ("Paper Goods <orders@mail.example>").

/** The bare address of "Name <addr>" or "addr". */
export function addressOf(configured: string): string {
  const angle = /<([^<>]+)>\s*$/.exec(configured);
  return (angle ? angle[1]! : configured).trim();
}

/** A display name as RFC 5322 allows it: quoted when it holds specials, no line breaks. */
function displayName(name: string): string {
  const clean = name.replace(/[\r\n\t]+/g, " ").trim();
  return /^[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~ ]+$/.test(clean) ? clean : `"${clean.replace(/(["\\])/g, "\\$1")}"`;
}

/** "{name} <address of configured>", or the configured sender as it is without a name. */
export function senderFor(name: string | null | undefined, configured: string): string {
  const address = addressOf(configured);
  return name?.trim() ? `${displayName(name)} <${address}>` : configured;
}
