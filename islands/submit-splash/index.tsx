// The full-screen logo while a sign-in or sign-out is in flight (SPEC.md §2): any form with a
// data-splash attribute shows it with that text once the browser actually submits the form.
import { useEffect, useState } from "react";

export type SubmitSplashProps = Record<string, never>;

export default function SubmitSplash(_props: SubmitSplashProps) {
  const [text, setText] = useState<string | null>(null);

  useEffect(() => {
    const onSubmit = (event: Event) => {
      const form = event.target;
      if (form instanceof HTMLFormElement && form.dataset.splash && !event.defaultPrevented) setText(form.dataset.splash);
    };
    // Coming back with the Back button restores the page from cache: hide the splash again.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) setText(null);
    };
    document.addEventListener("submit", onSubmit);
    window.addEventListener("pageshow", onShow);
    return () => {
      document.removeEventListener("submit", onSubmit);
      window.removeEventListener("pageshow", onShow);
    };
  }, []);

  if (!text) return null;
  return (
    <div className="splash" role="status" aria-live="assertive">
      <svg className="brand-mark" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="var(--tint)" />
        <path d="M8 11l3.2 11 4.8-8 4.8 8L24 11" fill="none" stroke="var(--on-tint)" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p>{text}</p>
    </div>
  );
}
