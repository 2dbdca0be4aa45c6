import { AUTH_STATE_LOGGED_OUT } from '@mesura/protocol';
import { Link, useLocation } from 'react-router';
import { forgetVisitor, useVisitor } from './use-visitor';
import './account.css';
import { declareCustomerId } from './customer-ids';
import { loginPath, signedInVisitorId, visitorApi } from './visitor-session';

/** The header's account slot: "Entra", or the visitor's name, "La meva llista" and "Surt". */
export function AccountLink() {
  const visitor = useVisitor();
  const { pathname, search } = useLocation();
  if (visitor === undefined) {
    return (
      <Link className="account-link" to={loginPath(pathname, search)}>
        Entra
      </Link>
    );
  }
  const signOut = async () => {
    // Read before the answer clears the state cookie: the id is declared logged out (§3).
    const id = signedInVisitorId(document.cookie);
    await visitorApi.signOut();
    if (id !== undefined) declareCustomerId(id, AUTH_STATE_LOGGED_OUT);
    forgetVisitor();
    // A full load: every page's data layer and buttons start again as signed out.
    window.location.assign('/');
  };
  return (
    <span className="account-link">
      <span className="account-link__name">{visitor.name}</span> · <Link to="/la-meva-llista/">La meva llista</Link> ·{' '}
      <button type="button" className="link-button" onClick={() => void signOut()}>
        Surt
      </button>
    </span>
  );
}
