// The landing page (SPEC.md §2): hero, 'Why Choose Us', how it works, pricing and a last call to
// action. No JavaScript: 'View pricing' is an anchor, the selector is radio buttons and CSS.
import { FIXED_PAGES, type Package, REVISION_WINDOW_DAYS, formatPrice, packages } from "../../shared/packages";

function Check() {
  return (
    <svg className="icon-check" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <path d="M5 10.5l3.2 3L15 6.5" />
    </svg>
  );
}

function Cross() {
  return (
    <svg className="icon-cross" viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
      <path d="M6.5 6.5l7 7M13.5 6.5l-7 7" />
    </svg>
  );
}

/** A drawing of the admin console every package ships with; decoration only. */
function HeroVisual() {
  return (
    <div className="hero-visual" aria-hidden="true">
      <div className="mock-window">
        <div className="mock-bar">
          <i />
          <i />
          <i />
          <span className="mock-url">yourapp.com/admin</span>
        </div>
        <div className="mock-body">
          <div className="mock-side">
            <b className="is-active" />
            <b />
            <b />
            <b />
            <b />
          </div>
          <div className="mock-main">
            <div className="mock-stats">
              <div>
                <small>Users</small>
                <strong>2,481</strong>
              </div>
              <div>
                <small>MRR</small>
                <strong>$9.2k</strong>
              </div>
              <div>
                <small>Tickets</small>
                <strong>12</strong>
              </div>
            </div>
            <svg className="mock-chart" viewBox="0 0 300 90" preserveAspectRatio="none" aria-hidden="true">
              <path className="mock-area" d="M0 78 C40 70 55 52 90 56 S150 30 185 36 S250 10 300 14 V90 H0Z" />
              <path className="mock-line" d="M0 78 C40 70 55 52 90 56 S150 30 185 36 S250 10 300 14" />
            </svg>
            <div className="mock-rows">
              <p>
                <i />
                <b />
                <em className="ok" />
              </p>
              <p>
                <i />
                <b />
                <em />
              </p>
              <p>
                <i />
                <b />
                <em className="ok" />
              </p>
            </div>
          </div>
        </div>
      </div>
      <div className="mock-toast">
        <span className="mock-bell">
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20h4" />
          </svg>
        </span>
        <span>
          <strong>New subscriber</strong>
          <small>Pro plan · just now</small>
        </span>
      </div>
      <div className="mock-plan">
        <small>Pro</small>
        <strong>
          $19<span>/mo</span>
        </strong>
        <b />
        <b />
      </div>
    </div>
  );
}

function Hero() {
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container hero-grid">
        <div className="hero-copy">
          <p className="eyebrow-pill">Fixed prices · Full source code</p>
          <h1 id="hero-title">
            Custom web apps <span className="accent">done right</span>
          </h1>
          <p className="lead">
            Tell us what your business needs and we build it on a proven template, with an admin console, notifications and subscription payments ready on day
            one.
          </p>
          <div className="button-row">
            <a className="button button-primary button-lg" href="/create">
              Get started
            </a>
            <a className="button button-lg" href="#pricing">
              View pricing
            </a>
          </div>
          <ul className="hero-points">
            <li>
              <Check />
              From {formatPrice(packages[0]?.price ?? 0)}
            </li>
            <li>
              <Check />
              Light, dark and blue themes
            </li>
            <li>
              <Check />
              Source code included
            </li>
          </ul>
        </div>
        <HeroVisual />
      </div>
    </section>
  );
}

const WHY_OPTIONS = [
  {
    id: "admin",
    label: "Pre-built admin console",
    title: "Run your business from the first day",
    text: "Every app ships with an admin console, so you manage your product without touching code or waiting on a developer.",
    points: [
      "Users, admins and super admins",
      "Bug reports with priorities and trends",
      "An FAQ editor for your help centre",
      "Announcements in the app or by email",
    ],
    icon: "M4 5h16v10H4zM9 19h6M12 15v4M7 9l2 2-2 2",
  },
  {
    id: "notifications",
    label: "Pre-built notification system",
    title: "Keep every user in the loop",
    text: "A notification bell, a full inbox and email delivery are built in, with switches your users control themselves.",
    points: ["Bell menu with an unread dot", "General, announcements and social channels", "App and email notifications", "Reach all your users in one go"],
    icon: "M6 16V11a6 6 0 0112 0v5l2 2H4zM10 20h4",
  },
  {
    id: "subscriptions",
    label: "Subscription integration",
    title: "Get paid every month",
    text: "A subscription portal with card payments comes ready: define your tiers with prices and features and start charging.",
    points: ["Your own tiers and monthly prices", "Secure card payments", "Customers manage their own plan", "A ready-made Subscription Portal page"],
    icon: "M3 7h18v10H3zM3 11h18M7 15h3",
  },
] as const;

function WhyChooseUs() {
  return (
    <section className="section why" aria-labelledby="why-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Why Choose Us</p>
          <h2 id="why-title">The hard parts are already built</h2>
          <p className="lead">Pick a feature to see what you get in every package, at no extra cost.</p>
        </div>
        <fieldset className="why-selector">
          <legend className="visually-hidden">Choose a feature</legend>
          {WHY_OPTIONS.map((option, index) => (
            <input
              key={option.id}
              className="why-radio visually-hidden"
              type="radio"
              name="why"
              id={`why-${option.id}`}
              value={option.id}
              defaultChecked={index === 0}
            />
          ))}
          <div className="why-options">
            {WHY_OPTIONS.map((option) => (
              <label key={option.id} htmlFor={`why-${option.id}`} className={`why-option why-option-${option.id}`}>
                <span className="why-icon" aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                    <path d={option.icon} />
                  </svg>
                </span>
                {option.label}
              </label>
            ))}
          </div>
          <div className="why-panels">
            {WHY_OPTIONS.map((option) => (
              <div key={option.id} className={`why-panel why-panel-${option.id}`}>
                <h3>{option.title}</h3>
                <p className="muted">{option.text}</p>
                <ul className="check-list">
                  {option.points.map((point) => (
                    <li key={point}>
                      <Check />
                      {point}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </fieldset>
      </div>
    </section>
  );
}

const STEPS = [
  { title: "Choose a package", text: "Small, Medium or Large: the price is fixed before you start." },
  { title: "Describe your app", text: "A guided form takes your logo, pages, themes, colours and subscription tiers." },
  { title: "We build, you review", text: `Follow progress in your dashboard, then send one revision request within ${REVISION_WINDOW_DAYS} days of delivery.` },
  { title: "Launch it", text: "Your app goes live on your domain, and the source code is yours to keep." },
];

function HowItWorks() {
  return (
    <section className="section" aria-labelledby="how-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">How it works</p>
          <h2 id="how-title">From idea to launch in four steps</h2>
        </div>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title} className="card step">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{step.title}</h3>
              <p className="muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}

function PricingCard(props: { pkg: Package; featured: boolean }) {
  const { pkg } = props;
  return (
    <article className={`card price-card${props.featured ? " is-featured" : ""}`} aria-labelledby={`plan-${pkg.id}`}>
      {props.featured ? <p className="price-flag">Most popular</p> : null}
      <h3 id={`plan-${pkg.id}`}>{pkg.title}</h3>
      <p className="muted price-summary">{pkg.summary}</p>
      <p className="price">
        <span className="price-amount">{formatPrice(pkg.price)}</span>
        <span className="price-note">one-time</span>
      </p>
      <a className={`button button-block button-lg${props.featured ? " button-primary" : ""}`} href={`/create/${pkg.id}`}>
        Get started
        <span className="visually-hidden"> with the {pkg.title}</span>
      </a>
      <ul className="feature-list">
        {pkg.features.map((feature) => (
          <li key={feature.label} className={feature.included ? undefined : "is-excluded"}>
            {feature.included ? <Check /> : <Cross />}
            <span>
              {feature.label}
              {feature.included ? null : <span className="visually-hidden"> (not included)</span>}
            </span>
          </li>
        ))}
      </ul>
    </article>
  );
}

function Pricing() {
  return (
    <section id="pricing" className="section pricing" aria-labelledby="pricing-title">
      <div className="container">
        <div className="section-head">
          <p className="eyebrow">Pricing</p>
          <h2 id="pricing-title">One price, everything included</h2>
          <p className="lead">Pay once per project. No hourly rates, no surprises.</p>
        </div>
        <div className="price-grid">
          {packages.map((pkg) => (
            <PricingCard key={pkg.id} pkg={pkg} featured={pkg.id === "m"} />
          ))}
        </div>
        <div className="card included">
          <div>
            <h3>Every package includes</h3>
            <ul className="chips">
              {FIXED_PAGES.map((name) => (
                <li key={name}>{name}</li>
              ))}
              <li>Source code</li>
            </ul>
          </div>
          <div className="included-cta">
            <p className="muted">Need something different?</p>
            <a className="button" href="/contact-us">
              Contact Us
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

function FinalCallToAction() {
  return (
    <section className="section" aria-labelledby="cta-title">
      <div className="container">
        <div className="cta-band">
          <h2 id="cta-title">Ready to build your web app?</h2>
          <p>Start your project request in minutes. No account needed: we create one for you.</p>
          <div className="button-row">
            <a className="button button-lg button-light" href="/create">
              Get started
            </a>
            <a className="button button-lg button-outline-light" href="/contact-us">
              Talk to us
            </a>
          </div>
        </div>
      </div>
    </section>
  );
}

export function LandingView() {
  return (
    <>
      <Hero />
      <WhyChooseUs />
      <HowItWorks />
      <Pricing />
      <FinalCallToAction />
    </>
  );
}
