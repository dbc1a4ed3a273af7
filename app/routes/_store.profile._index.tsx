// The personal tab: built with the rest of the account issue (name, e-mail, phone, addresses).
export default function ProfilePersonalRoute() {
  return <p className="text-fg-muted">Estamos preparando esta sección. Vuelve muy pronto.</p>;
}
