// Admin console → Webhooks: add an endpoint (its secret shown), and per endpoint see the secret,
// rotate it, send a test event, disable or enable, delete, and read the delivery log with Resend.
import { useState } from "react";
import { formatDate } from "../../src/shared/dates";
import type { WebhookEventType } from "../../src/shared/webhook-events";
import { api, errorMessage } from "../api";

type EndpointRow = {
  id: string;
  url: string;
  description: string;
  events: string[];
  format: "standard" | "slack";
  enabled: boolean;
  disabledReason: string | null;
};
type Attempt = { attemptedAt: string; responseStatus: number | null; latencyMs: number; responseBody: string; error: string | null };
type Delivery = { id: string; eventType: string; status: string; createdAt: string; attempts: Attempt[] };
export type WebhooksAdminProps = { endpoints: EndpointRow[]; events: WebhookEventType[] };

export default function WebhooksAdmin(props: WebhooksAdminProps) {
  const [endpoints, setEndpoints] = useState(props.endpoints);
  const [url, setUrl] = useState("");
  const [description, setDescription] = useState("");
  const [format, setFormat] = useState<"standard" | "slack">("standard");
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [secrets, setSecrets] = useState<Record<string, string>>({});
  const [deliveries, setDeliveries] = useState<Record<string, Delivery[]>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function run<T>(key: string, call: () => Promise<{ data: T | null; error: unknown }>): Promise<T | null> {
    setBusy(key);
    setError(null);
    setNotice(null);
    const { data, error: refused } = await call();
    setBusy(null);
    if (refused || data === null) {
      setError(errorMessage(refused as Parameters<typeof errorMessage>[0]));
      return null;
    }
    return data;
  }

  async function add(event: React.FormEvent) {
    event.preventDefault();
    const created = await run("add", () => api.api.admin.webhooks.post({ url, description, format, events: events }));
    if (!created) return;
    setEndpoints((rows) => [created, ...rows]);
    setSecrets((all) => ({ ...all, [created.id]: created.secret }));
    setUrl("");
    setDescription("");
    setEvents([]);
    setNotice("Endpoint added. Its signing secret is shown below it.");
  }

  async function showSecret(id: string) {
    const shown = await run(`secret-${id}`, () => api.api.admin.webhooks({ id }).get());
    if (shown) setSecrets((all) => ({ ...all, [id]: shown.secret }));
  }

  async function rotate(id: string) {
    const rotated = await run(`rotate-${id}`, () => api.api.admin.webhooks({ id }).rotate.post());
    if (!rotated) return;
    setSecrets((all) => ({ ...all, [id]: rotated.secret }));
    setNotice("Secret rotated. The previous one keeps signing for 24 hours.");
  }

  async function sendTest(id: string) {
    const sent = await run(`test-${id}`, () => api.api.admin.webhooks({ id }).test.post());
    if (sent) setNotice(sent.message);
  }

  async function toggle(row: EndpointRow) {
    const updated = await run(`toggle-${row.id}`, () => api.api.admin.webhooks({ id: row.id }).patch({ enabled: !row.enabled }));
    if (updated) setEndpoints((rows) => rows.map((item) => (item.id === row.id ? updated : item)));
  }

  async function remove(id: string) {
    const removed = await run(`delete-${id}`, () => api.api.admin.webhooks({ id }).delete());
    if (!removed) return;
    setEndpoints((rows) => rows.filter((row) => row.id !== id));
    setNotice(removed.message);
  }

  async function loadLog(id: string) {
    const log = await run(`log-${id}`, () => api.api.admin.webhooks({ id }).deliveries.get());
    if (log) setDeliveries((all) => ({ ...all, [id]: log.deliveries }));
  }

  async function resend(id: string, deliveryId: string) {
    const sent = await run(`resend-${deliveryId}`, () => api.api.admin.webhooks({ id }).deliveries({ deliveryId }).resend.post());
    if (sent) setNotice(sent.message);
  }

  const toggleEvent = (name: WebhookEventType) => setEvents((chosen) => (chosen.includes(name) ? chosen.filter((item) => item !== name) : [...chosen, name]));

  return (
    <div className="stack">
      <form className="stack-sm card admin-card" onSubmit={add} aria-labelledby="webhook-add-title">
        <h2 id="webhook-add-title" className="card-title">
          Add an endpoint
        </h2>
        <div className="field">
          <label htmlFor="webhook-url">Endpoint URL</label>
          <input id="webhook-url" className="input" type="url" value={url} required onChange={(event) => setUrl(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="webhook-description">Description</label>
          <input id="webhook-description" className="input" value={description} maxLength={500} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="webhook-format">Format</label>
          <select id="webhook-format" className="input" value={format} onChange={(event) => setFormat(event.target.value as typeof format)}>
            <option value="standard">Signed JSON (Standard Webhooks)</option>
            <option value="slack">Slack message</option>
          </select>
        </div>
        <fieldset className="field">
          <legend>Events</legend>
          {props.events.map((name) => (
            <label key={name} className="checkbox">
              <input type="checkbox" checked={events.includes(name)} onChange={() => toggleEvent(name)} /> <code>{name}</code>
            </label>
          ))}
        </fieldset>
        <div>
          <button type="submit" className="button button-primary" disabled={busy !== null || url === "" || events.length === 0}>
            {busy === "add" ? "Adding…" : "Add endpoint"}
          </button>
        </div>
      </form>
      {error ? (
        <p className="field-error" role="alert">
          {error}
        </p>
      ) : null}
      {notice ? (
        <p className="setting-saved" role="status">
          {notice}
        </p>
      ) : null}
      {endpoints.length === 0 ? <p className="muted">No webhook endpoints yet.</p> : null}
      <ul className="stack">
        {endpoints.map((row) => (
          <li key={row.id} className="card admin-card stack-sm" data-endpoint={row.url}>
            <div>
              <strong>{row.url}</strong> <span className={`badge ${row.enabled ? "badge-green" : "badge-red"}`}>{row.enabled ? "Enabled" : "Disabled"}</span>
              {row.format === "slack" ? <span className="badge badge-blue">Slack</span> : null}
            </div>
            {row.description ? <p className="muted">{row.description}</p> : null}
            {row.disabledReason ? <p className="subtle">{row.disabledReason}</p> : null}
            <p className="subtle">{row.events.join(", ")}</p>
            {secrets[row.id] ? (
              <p>
                Signing secret: <code className="api-token-secret">{secrets[row.id]}</code>
              </p>
            ) : null}
            <div className="button-row">
              <button type="button" className="button button-sm" disabled={busy !== null} onClick={() => showSecret(row.id)}>
                Show secret
              </button>
              <button type="button" className="button button-sm" disabled={busy !== null} onClick={() => rotate(row.id)}>
                Rotate secret
              </button>
              <button type="button" className="button button-sm" disabled={busy !== null || !row.enabled} onClick={() => sendTest(row.id)}>
                Send test event
              </button>
              <button type="button" className="button button-sm" disabled={busy !== null} onClick={() => toggle(row)}>
                {row.enabled ? "Disable" : "Enable"}
              </button>
              <button type="button" className="button button-sm" disabled={busy !== null} onClick={() => loadLog(row.id)}>
                Delivery log
              </button>
              <button type="button" className="button button-sm button-danger" disabled={busy !== null} onClick={() => remove(row.id)}>
                Delete
              </button>
            </div>
            {deliveries[row.id] ? (
              deliveries[row.id]?.length === 0 ? (
                <p className="muted">No deliveries yet.</p>
              ) : (
                <table className="table">
                  <caption className="visually-hidden">Deliveries to {row.url}</caption>
                  <thead>
                    <tr>
                      <th scope="col">Event</th>
                      <th scope="col">Status</th>
                      <th scope="col">Attempts</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {deliveries[row.id]?.map((delivery) => (
                      <tr key={delivery.id}>
                        <td>
                          <code>{delivery.eventType}</code>
                          <div className="subtle">{formatDate(delivery.createdAt)}</div>
                        </td>
                        <td>{delivery.status}</td>
                        <td>
                          <ul>
                            {delivery.attempts.map((attempt) => (
                              <li key={attempt.attemptedAt}>
                                {formatDate(attempt.attemptedAt)} · {attempt.responseStatus ?? "no answer"} · {attempt.latencyMs} ms
                                {attempt.error ? ` · ${attempt.error}` : ""}
                                {attempt.responseBody ? <pre className="subtle">{attempt.responseBody}</pre> : null}
                              </li>
                            ))}
                          </ul>
                        </td>
                        <td>
                          <button type="button" className="button button-sm" disabled={busy !== null} onClick={() => resend(row.id, delivery.id)}>
                            Resend
                          </button>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
