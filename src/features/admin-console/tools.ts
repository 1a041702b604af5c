// The Tools page's links to the outside platforms this stack runs on (SPEC.md §2 Tools). Each
// opens in a new tab. Change the addresses here when the studio moves a service.
export type ToolLink = { id: string; title: string; platform: string; description: string; href: string };

export const toolLinks: readonly ToolLink[] = [
  {
    id: "auth-storage",
    title: "Authentication and photo storage",
    platform: "AWS S3 console",
    description: "Uploaded profile photos and project images live in the S3 bucket; sign-in sessions are our own.",
    href: "https://s3.console.aws.amazon.com/s3/home",
  },
  {
    id: "backend-hosting",
    title: "Backend hosting",
    platform: "Fly.io dashboard",
    description: "The Bun server that answers the API and renders every page.",
    href: "https://fly.io/dashboard",
  },
  {
    id: "database",
    title: "Database",
    platform: "Neon Postgres console",
    description: "Users, projects, invoices, FAQs and bug reports, with backups and branches.",
    href: "https://console.neon.tech",
  },
  {
    id: "frontend-hosting",
    title: "Frontend hosting",
    platform: "Cloudflare dashboard",
    description: "DNS, TLS and the CDN in front of the site's pages and island bundles.",
    href: "https://dash.cloudflare.com",
  },
  {
    id: "subscriptions",
    title: "Subscription management",
    platform: "Stripe dashboard",
    description: "Payments, invoices and the subscription portal's plans.",
    href: "https://dashboard.stripe.com",
  },
  {
    id: "codebase",
    title: "Codebase",
    platform: "GitHub",
    description: "The source of this site, its issues and pull requests.",
    href: "https://github.com",
  },
];
