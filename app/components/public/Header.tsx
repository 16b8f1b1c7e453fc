// The public header (docs/product/public-site.md#header). Wide screens: the landing page has
// its section links, every other page Back to Home; all have the logo and Get Started. On a
// phone the links move into a menu behind a disclosure button. Most public pages ship no
// JavaScript bundle (docs/decisions/028), so the button is driven by a small inline script
// rather than React state: one behaviour whether or not the page is hydrated
// (docs/decisions/040-public-mobile-menu.md).
import { Link } from "@remix-run/react";
import { APP_LINKS, LANDING_NAV, SITE } from "~/content/site";

export const MENU_ID = "pp-menu";
const BUTTON_ID = "pp-menu-button";

/**
 * Opens and closes the menu; closes it on any link click (a navigation, or an anchor on the
 * same page), on a click outside it, on Escape (focus back on the button), on history moves and
 * when the page is restored from the back-forward cache. Listeners sit on the document, so a
 * header React re-renders keeps working.
 */
const MENU_SCRIPT = `(function(){
var d=document;
function btn(){return d.getElementById("${BUTTON_ID}")}
function set(open){var b=btn(),m=d.getElementById("${MENU_ID}");if(!b||!m)return;b.setAttribute("aria-expanded",open?"true":"false");m.hidden=!open}
function isOpen(){var b=btn();return !!b&&b.getAttribute("aria-expanded")==="true"}
d.addEventListener("click",function(e){var t=e.target;if(!(t instanceof Element))return;
if(t.closest("#${BUTTON_ID}")){set(!isOpen());return}
if(isOpen()&&(t.closest("a")||!t.closest("#${MENU_ID}")))set(false)});
d.addEventListener("keydown",function(e){if(e.key==="Escape"&&isOpen()){set(false);btn().focus()}});
addEventListener("popstate",function(){set(false)});
addEventListener("pageshow",function(e){if(e.persisted)set(false)});
})();`;

export function Logo() {
  return (
    <Link to="/" className="pp-logo">
      <span className="pp-logo-mark" aria-hidden="true">
        PP
      </span>
      <span className="pp-logo-name">{SITE.name}</span>
    </Link>
  );
}

function MenuIcon() {
  return (
    <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}

export function PublicHeader({ landing, signInHref }: { landing: boolean; signInHref: string }) {
  return (
    <header className="pp-header">
      <div className="pp-wrap">
        {!landing && (
          <Link to="/" className="pp-btn pp-btn-ghost pp-btn-sm pp-wide-only">
            ← Back to Home
          </Link>
        )}
        <Logo />
        {landing && (
          <nav className="pp-nav pp-wide-only" aria-label="Main">
            {LANDING_NAV.map((item) => (
              <Link key={item.to} to={item.to}>
                {item.label}
              </Link>
            ))}
          </nav>
        )}
        <div className="pp-header-actions">
          {landing && (
            <Link to={signInHref} reloadDocument className="pp-btn pp-btn-ghost pp-btn-sm pp-wide-only">
              Sign In
            </Link>
          )}
          <Link to={APP_LINKS.dashboard} reloadDocument className="pp-btn pp-btn-primary pp-btn-sm">
            Get Started
          </Link>
          <button
            type="button"
            id={BUTTON_ID}
            className="pp-menu-button"
            aria-expanded="false"
            aria-controls={MENU_ID}
            aria-label="Menu"
          >
            <MenuIcon />
          </button>
        </div>
      </div>
      <nav id={MENU_ID} className="pp-menu" aria-label="Menu" hidden>
        <ul className="pp-menu-list">
          {!landing && (
            <li>
              <Link to="/">← Back to Home</Link>
            </li>
          )}
          {LANDING_NAV.map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
          {landing && (
            <li>
              <Link to={signInHref} reloadDocument>
                Sign In
              </Link>
            </li>
          )}
        </ul>
      </nav>
      {/* Runs as the server's HTML is parsed; React never runs a script element it inserts itself. */}
      <script dangerouslySetInnerHTML={{ __html: MENU_SCRIPT }} />
    </header>
  );
}
