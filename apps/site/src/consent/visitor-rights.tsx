import { documentCookieJar } from '@mesura/identity';
import { useState } from 'react';
import { VISITOR_RIGHTS_TEXTS } from './settings-texts';
import { readVisitorRightsInfo, type PrivacyContact, type VisitorRightsInfo } from './visitor-rights-info';

/** The cookie settings' part on the visitor's rights, read from this browser when the layer opens. */
export function VisitorRightsFromBrowser() {
  const [info] = useState(() => readVisitorRightsInfo(documentCookieJar(), window.mesuraConfig));
  return <VisitorRights info={info} />;
}

/** The visitor's own id, and how to ask for a copy of their data or its erasure. */
export function VisitorRights({ info }: { info: VisitorRightsInfo }) {
  const texts = VISITOR_RIGHTS_TEXTS;
  return (
    <section className="consent-group consent-visitor-rights" aria-labelledby="consent-visitor-rights-heading">
      <h4 id="consent-visitor-rights-heading">{texts.heading}</h4>
      {info.visitorId === undefined ? (
        <p>{texts.noVisitorId}</p>
      ) : (
        <>
          <p>
            {texts.visitorIdLabel} <code data-visitor-id={info.visitorId}>{info.visitorId}</code>
          </p>
          <p>
            {texts.askBefore}
            <Contact contact={info.contact} />
            {texts.askAfter}
          </p>
          <p>{texts.erasedOnWithdrawal}</p>
        </>
      )}
    </section>
  );
}

function Contact({ contact }: { contact: PrivacyContact }) {
  const texts = VISITOR_RIGHTS_TEXTS;
  if (contact.kind === 'email')
    return (
      <>
        {texts.writeTo} <a href={`mailto:${contact.address}`}>{contact.address}</a>
      </>
    );
  if (contact.kind === 'text')
    return (
      <>
        {texts.writeTo} {contact.text}
      </>
    );
  return <>{texts.defaultContact}</>;
}
