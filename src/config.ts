// The one place that reads the environment. Every bad variable is reported at once.
import { MIN_PASSWORD_LENGTH, isCommonPassword } from "./shared/passwords";

export type Config = {
  nodeEnv: "production" | "development" | "test";
  port: number;
  publicUrl: string;
  secureCookies: boolean;
  dataDir: string;
  databaseUrl: string | null;
  /** The tables' owner, for migrations only; the app then runs as DATABASE_URL's role with row rights alone. */
  databaseMigrationUrl: string | null;
  appSecret: string | null;
  smtpUrl: string | null;
  mailFrom: string;
  /** Messages per second this instance hands the SMTP server at most; null sends as fast as it accepts them. */
  mailRatePerSecond: number | null;
  providerEmail: string;
  providerAddress: string;
  /** The studio's name and tax ID, copied onto every invoice when it is issued. */
  providerName: string;
  providerTaxId: string | null;
  /**
   * Tax added to new invoices and to the Checkout amount, in hundredths of a percent (825 is
   * 8.25%); null adds no tax line.
   */
  taxRateBasisPoints: number | null;
  s3: {
    bucket: string;
    region: string;
    endpoint: string | null;
    accessKeyId: string | null;
    secretAccessKey: string | null;
    publicUrl: string | null;
  } | null;
  adminKey: string;
  superAdminKey: string;
  superAdminEmail: string | null;
  superAdminPassword: string | null;
  google: { clientId: string; clientSecret: string } | null;
  oidc: { issuer: string; clientId: string; clientSecret: string } | null;
  socialUrl: string;
  trustProxy: boolean;
  corsOrigins: string[];
  /** Card payments through Stripe Checkout; null pays by the instructions below only. */
  stripe: {
    secretKey: string;
    webhookSecret: string;
    /** Another Stripe-compatible endpoint (a fake in tests), split the way the SDK takes it; null is Stripe itself. */
    api: { host: string; port: number; protocol: "http" | "https" } | null;
  } | null;
  /** Shown on every invoice, whether or not card payments are on. */
  providerPaymentInstructions: string;
  /** Days past the due date before an unpaid invoice pauses work; null ("off") only flags it as overdue. */
  overdueGraceDays: number | null;
  /** Admins and super admins act as customers until they have set up a second factor. */
  requireAdminMfa: boolean;
  /** After SIGTERM, /ready answers 503 for this long before the listener closes, so a load balancer stops sending first. */
  shutdownDelayMs: number;
  /** GET /metrics answers (Prometheus text) only to `Authorization: Bearer <this>`; null turns it off (404). */
  metricsToken: string | null;
  /**
   * Outgoing webhooks may reach http and loopback, private or link-local addresses. Off in
   * production (WEBHOOK_ALLOW_PRIVATE_TARGETS=true turns it on), on elsewhere so a local receiver works.
   */
  webhookAllowPrivateTargets: boolean;
};

export const COMMON_SUPER_ADMIN_PASSWORD = "SUPER_ADMIN_PASSWORD is one of the most common passwords: choose another one";

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  }
}

type Env = Record<string, string | undefined>;

function isUrl(value: string, protocols: string[]): boolean {
  try {
    const url = new URL(value);
    return protocols.includes(url.protocol) && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * A URL as it may appear in an error message: scheme, host and port only. A value that does not
 * even parse may still hold `user:password@`, so it is cut at the first "@" and after the scheme.
 */
export function redactUrl(value: string): string {
  try {
    const url = new URL(value);
    const hidden = url.username || url.password ? "…@" : "";
    return url.host ? `${url.protocol}//${hidden}${url.host}` : `${url.protocol}…`;
  } catch {
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(value)?.[0];
    return scheme ? `${scheme}…` : "a value that is not a URL";
  }
}

export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const text = (name: string): string | null => {
    const value = env[name]?.trim();
    return value ? value : null;
  };
  const url = (name: string, protocols: string[]): string | null => {
    const value = text(name);
    if (value && !isUrl(value, protocols)) {
      problems.push(`${name} must be a URL starting with ${protocols.join(" or ")} (got "${redactUrl(value)}")`);
      return null;
    }
    return value;
  };
  const email = (name: string): string | null => {
    const value = text(name);
    if (value && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) {
      problems.push(`${name} must be an e-mail address (got "${value}")`);
      return null;
    }
    return value;
  };

  const nodeEnvRaw = text("NODE_ENV") ?? "development";
  const nodeEnv = (["production", "development", "test"] as const).find((v) => v === nodeEnvRaw);
  if (!nodeEnv) problems.push(`NODE_ENV must be production, development or test (got "${nodeEnvRaw}")`);

  const portRaw = text("PORT") ?? "3000";
  const port = Number(portRaw);
  if (!/^\d+$/.test(portRaw) || port > 65535) problems.push(`PORT must be a whole number from 0 to 65535 (got "${portRaw}")`);

  const publicUrl = url("PUBLIC_URL", ["http:", "https:"]) ?? `http://localhost:${Number.isFinite(port) ? port : 3000}`;
  const databaseUrl = url("DATABASE_URL", ["postgres:", "postgresql:"]);
  const databaseMigrationUrl = url("DATABASE_MIGRATION_URL", ["postgres:", "postgresql:"]);
  if (databaseMigrationUrl && !text("DATABASE_URL"))
    problems.push("DATABASE_MIGRATION_URL needs DATABASE_URL: it names the owner that migrates the app's Postgres database");
  const smtpUrl = url("SMTP_URL", ["smtp:", "smtps:"]);
  const s3Endpoint = url("S3_ENDPOINT", ["http:", "https:"]);
  const s3PublicUrl = url("S3_PUBLIC_URL", ["http:", "https:"]);
  const socialUrl = url("SOCIAL_URL", ["http:", "https:"]) ?? "https://www.linkedin.com";
  const oidcIssuer = url("OIDC_ISSUER", ["http:", "https:"]);

  const appSecret = text("APP_SECRET");
  if (appSecret && appSecret.length < 32) problems.push("APP_SECRET must be at least 32 characters long");
  if (!appSecret && nodeEnv === "production") problems.push("APP_SECRET is required when NODE_ENV=production");

  const s3Bucket = text("S3_BUCKET");
  const s3AccessKeyId = text("S3_ACCESS_KEY_ID");
  const s3SecretAccessKey = text("S3_SECRET_ACCESS_KEY");
  if (!s3Bucket && (s3Endpoint || s3AccessKeyId || s3SecretAccessKey)) problems.push("S3_BUCKET is required when other S3_* variables are set");
  if (Boolean(s3AccessKeyId) !== Boolean(s3SecretAccessKey)) problems.push("S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together");

  const googleId = text("GOOGLE_CLIENT_ID");
  const googleSecret = text("GOOGLE_CLIENT_SECRET");
  if (googleId && !googleSecret) problems.push("GOOGLE_CLIENT_SECRET is required when GOOGLE_CLIENT_ID is set");
  const oidcId = text("OIDC_CLIENT_ID");
  const oidcSecret = text("OIDC_CLIENT_SECRET");
  if (oidcIssuer && (!oidcId || !oidcSecret)) problems.push("OIDC_CLIENT_ID and OIDC_CLIENT_SECRET are required when OIDC_ISSUER is set");

  const superAdminEmail = email("SUPER_ADMIN_EMAIL");
  const superAdminPassword = text("SUPER_ADMIN_PASSWORD");
  if (superAdminPassword && superAdminPassword.length < MIN_PASSWORD_LENGTH) {
    problems.push(`SUPER_ADMIN_PASSWORD must be at least ${MIN_PASSWORD_LENGTH} characters long`);
  }
  // The rules every chosen password obeys (decision 080); outside production boot only warns.
  if (superAdminPassword && nodeEnv === "production" && isCommonPassword(superAdminPassword)) problems.push(COMMON_SUPER_ADMIN_PASSWORD);
  if (Boolean(superAdminEmail) !== Boolean(superAdminPassword)) problems.push("SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD must be set together");

  const adminKey = text("ADMIN_KEY") ?? "admin";
  const superAdminKey = text("SUPER_ADMIN_KEY") ?? "super-admin";
  if (nodeEnv === "production" && (!text("ADMIN_KEY") || !text("SUPER_ADMIN_KEY"))) {
    problems.push("ADMIN_KEY and SUPER_ADMIN_KEY are required when NODE_ENV=production");
  }

  const trustProxyRaw = text("TRUST_PROXY");
  const corsOrigins = (text("CORS_ORIGINS") ?? "")
    .split(",")
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!isUrl(origin, ["http:", "https:"])) problems.push(`CORS_ORIGINS entries must be origins like https://example.com (got "${origin}")`);
  }

  const stripeSecretKey = text("STRIPE_SECRET_KEY");
  const stripeWebhookSecret = text("STRIPE_WEBHOOK_SECRET");
  const stripeApiUrl = url("STRIPE_API_URL", ["http:", "https:"]);
  // A publishable key (pk_) pasted by mistake would only fail at the first payment.
  if (stripeSecretKey && !/^(sk|rk)_/.test(stripeSecretKey)) problems.push("STRIPE_SECRET_KEY must be a secret or restricted key (sk_... or rk_...)");
  if (stripeSecretKey && !stripeWebhookSecret) problems.push("STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set");
  if (stripeWebhookSecret && !stripeWebhookSecret.startsWith("whsec_")) problems.push("STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_...)");
  if (!stripeSecretKey && (stripeWebhookSecret || stripeApiUrl)) problems.push("STRIPE_SECRET_KEY is required when other STRIPE_* variables are set");
  const stripeApi = stripeApiUrl ? new URL(stripeApiUrl) : null;
  // The SDK always requests /v1/... from the host's root, so a path would be silently dropped.
  if (stripeApi && (stripeApi.pathname !== "/" || stripeApi.search))
    problems.push(`STRIPE_API_URL must be an origin without a path, like http://127.0.0.1:12111 (got "${stripeApiUrl}")`);

  const overdueGraceRaw = text("OVERDUE_GRACE_DAYS") ?? "3";
  const overdueGraceOff = overdueGraceRaw.toLowerCase() === "off";
  if (!overdueGraceOff && !/^\d+$/.test(overdueGraceRaw)) problems.push(`OVERDUE_GRACE_DAYS must be a whole number of days or off (got "${overdueGraceRaw}")`);

  const requireAdminMfaRaw = (text("REQUIRE_ADMIN_MFA") ?? (nodeEnv === "production" ? "on" : "off")).toLowerCase();
  const requireAdminMfa = ["1", "true", "yes", "on"].includes(requireAdminMfaRaw);
  if (!requireAdminMfa && !["0", "false", "no", "off"].includes(requireAdminMfaRaw)) {
    problems.push(`REQUIRE_ADMIN_MFA must be on or off (got "${requireAdminMfaRaw}")`);
  }
  // Long enough for a load balancer checking /ready every second to see two failures (deploy/haproxy.cfg).
  const shutdownDelayRaw = text("SHUTDOWN_DELAY_MS") ?? (nodeEnv === "production" ? "5000" : "0");
  if (!/^\d+$/.test(shutdownDelayRaw) || Number(shutdownDelayRaw) > 600_000)
    problems.push(`SHUTDOWN_DELAY_MS must be a whole number of milliseconds up to 600000 (got "${shutdownDelayRaw}")`);

  // A scrape token is a password: a short one could be guessed by anyone who can reach /metrics.
  const metricsToken = text("METRICS_TOKEN");
  if (metricsToken && metricsToken.length < 16) problems.push("METRICS_TOKEN must be at least 16 characters long");
  // The SMTP provider's sending limit, per instance: two instances may together send twice this.
  const mailRateRaw = text("MAIL_RATE_PER_SECOND");
  if (mailRateRaw !== null && (!/^\d+$/.test(mailRateRaw) || Number(mailRateRaw) < 1 || Number(mailRateRaw) > 100_000))
    problems.push(`MAIL_RATE_PER_SECOND must be a whole number of messages per second from 1 to 100000, or unset for no limit (got "${mailRateRaw}")`);

  const webhookPrivateRaw = (text("WEBHOOK_ALLOW_PRIVATE_TARGETS") ?? (nodeEnv === "production" ? "false" : "true")).toLowerCase();
  const webhookAllowPrivateTargets = ["1", "true", "yes", "on"].includes(webhookPrivateRaw);
  if (!webhookAllowPrivateTargets && !["0", "false", "no", "off"].includes(webhookPrivateRaw)) {
    problems.push(`WEBHOOK_ALLOW_PRIVATE_TARGETS must be true or false (got "${webhookPrivateRaw}")`);
  }

  const providerEmail = email("PROVIDER_EMAIL") ?? "hello@webstudio.example";

  // A percentage with at most two decimals, so it is a whole number of hundredths of a percent.
  const taxRateRaw = text("TAX_RATE");
  const taxRateMatch = taxRateRaw === null ? null : /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(taxRateRaw);
  const taxRateBasisPoints = taxRateMatch ? Number(taxRateMatch[1]) * 100 + Number((taxRateMatch[2] ?? "").padEnd(2, "0")) : null;
  if (taxRateRaw !== null && (taxRateBasisPoints === null || taxRateBasisPoints <= 0 || taxRateBasisPoints > 10_000))
    problems.push(`TAX_RATE must be a percentage above 0 and at most 100 with up to 2 decimals, like 8.25, or unset for no tax (got "${taxRateRaw}")`);

  if (problems.length > 0 || !nodeEnv) throw new ConfigError(problems);

  return {
    nodeEnv,
    port,
    publicUrl: publicUrl.replace(/\/+$/, ""),
    secureCookies: publicUrl.startsWith("https:"),
    dataDir: text("DATA_DIR") ?? "./data",
    databaseUrl,
    databaseMigrationUrl,
    appSecret,
    smtpUrl,
    mailFrom: text("MAIL_FROM") ?? "Webstudio <no-reply@localhost>",
    mailRatePerSecond: mailRateRaw === null ? null : Number(mailRateRaw),
    providerEmail,
    providerAddress: text("PROVIDER_ADDRESS") ?? "1 Harbour Street, Suite 4, Portland, ME 04101",
    providerName: text("PROVIDER_NAME") ?? "Webstudio",
    providerTaxId: text("PROVIDER_TAX_ID"),
    taxRateBasisPoints,
    s3: s3Bucket
      ? {
          bucket: s3Bucket,
          region: text("S3_REGION") ?? "us-east-1",
          endpoint: s3Endpoint,
          accessKeyId: s3AccessKeyId,
          secretAccessKey: s3SecretAccessKey,
          publicUrl: s3PublicUrl,
        }
      : null,
    adminKey,
    superAdminKey,
    superAdminEmail,
    superAdminPassword,
    google: googleId && googleSecret ? { clientId: googleId, clientSecret: googleSecret } : null,
    oidc: oidcIssuer && oidcId && oidcSecret ? { issuer: oidcIssuer.replace(/\/+$/, ""), clientId: oidcId, clientSecret: oidcSecret } : null,
    socialUrl,
    trustProxy: trustProxyRaw !== null && !["0", "false", "no"].includes(trustProxyRaw.toLowerCase()),
    corsOrigins,
    stripe:
      stripeSecretKey && stripeWebhookSecret
        ? {
            secretKey: stripeSecretKey,
            webhookSecret: stripeWebhookSecret,
            api: stripeApi
              ? {
                  host: stripeApi.hostname.replace(/^\[(.*)\]$/, "$1"),
                  // The SDK defaults the port to 443 whatever the protocol, so an http URL needs its port spelled out.
                  port: stripeApi.port ? Number(stripeApi.port) : stripeApi.protocol === "https:" ? 443 : 80,
                  protocol: stripeApi.protocol === "https:" ? "https" : "http",
                }
              : null,
          }
        : null,
    providerPaymentInstructions:
      text("PROVIDER_PAYMENT_INSTRUCTIONS") ??
      `Pay by bank transfer, quoting the invoice number as the payment reference. Write to ${providerEmail} for our bank details.`,
    overdueGraceDays: overdueGraceOff ? null : Number(overdueGraceRaw),
    requireAdminMfa,
    shutdownDelayMs: Number(shutdownDelayRaw),
    metricsToken,
    webhookAllowPrivateTargets,
  };
}
