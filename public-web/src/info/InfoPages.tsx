import { Link } from 'react-router-dom';
import { InfoLayout, SUPPORT_EMAIL } from './InfoLayout';

const UPDATED = 'Last updated November 2026';

/** /about */
export function AboutPage() {
  return (
    <InfoLayout title="About Circuit" lead="Circuit is where student developers find hackathons, events and quizzes, and the people to build with.">
      <section>
        <h2>What you can do here</h2>
        <ul>
          <li>Keep a public profile with your skills, college and projects, and share its link.</li>
          <li>Follow people, connect with them, and chat in real time once connected.</li>
          <li>Find other developers by name or by skill.</li>
          <li>Join, save and host hackathons, events and quizzes.</li>
        </ul>
      </section>
      <section>
        <h2>Who runs it</h2>
        <p>
          Circuit is run for student communities: clubs, colleges and organisers who want one place for their events and their members.
          Organisers' listings are reviewed before they go live.
        </p>
      </section>
      <section>
        <h2>Get started</h2>
        <p>
          <Link to="/signup">Create an account</Link>, fill in your <Link to="/profile">profile</Link>, then <Link to="/search">find people</Link> with the
          skills you need.
        </p>
      </section>
    </InfoLayout>
  );
}

/** /help */
export function HelpPage() {
  return (
    <InfoLayout title="Help" lead="Answers to what new members ask most.">
      <section>
        <h2>I did not get my verification code</h2>
        <p>
          Codes are valid for ten minutes. Check your spam folder, then use Resend on the verification step (once a minute). If you mistyped your
          e-mail, choose Back to signup and correct it: your first attempt is replaced.
        </p>
      </section>
      <section>
        <h2>I forgot my password</h2>
        <p>
          Use <Link to="/forgot-password">Forgot password</Link> on the sign-in page. We e-mail a link that works for ten minutes. You can also sign in
          with a one-time code instead of a password.
        </p>
      </section>
      <section>
        <h2>How do I message someone?</h2>
        <p>
          Send them a connection request from their profile. Once they accept, Message opens a chat with them, and your conversations live under{' '}
          <Link to="/messages">Messages</Link>.
        </p>
      </section>
      <section>
        <h2>Someone is bothering me</h2>
        <p>Open their profile and choose Block: they can no longer message, follow or connect with you. Report sends their profile to our moderators.</p>
      </section>
      <section>
        <h2>Still stuck?</h2>
        <p>
          <Link to="/contact">Contact us</Link> and we will get back to you.
        </p>
      </section>
    </InfoLayout>
  );
}

/** /contact */
export function ContactPage() {
  return (
    <InfoLayout title="Contact" lead="Questions, problems with your account, or a listing you want reviewed: we read every message.">
      <section>
        <h2>E-mail</h2>
        <p>
          Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. Tell us your username and what you saw; a screenshot helps. We answer
          within two working days.
        </p>
      </section>
      <section>
        <h2>Organisers</h2>
        <p>New hackathons, events and quizzes are reviewed within 24 to 48 hours. Write to the same address if yours is waiting longer.</p>
      </section>
      <section>
        <h2>Reporting a user</h2>
        <p>Use Report on their profile: it reaches the moderators faster than e-mail and keeps the details together.</p>
      </section>
    </InfoLayout>
  );
}

/** /terms */
export function TermsPage() {
  return (
    <InfoLayout title="Terms of Service" lead={UPDATED}>
      <section>
        <h2>Your account</h2>
        <p>
          You need an account to connect, message, register or host. Keep your password to yourself; you are responsible for what is done with
          your account. One person, one account.
        </p>
      </section>
      <section>
        <h2>What Circuit keeps, and why</h2>
        <ul>
          <li>Your profile (name, username, e-mail, picture, bio, skills, college, links and projects), so others can find and know you.</li>
          <li>Your registrations for hackathons, events and quizzes, so organisers know who is coming and results can be published.</li>
          <li>Payments for paid listings (amount, status and the payment provider's reference, never your card number), to confirm your place and handle refunds.</li>
          <li>Your messages, follows and connections, so your conversations and network are there when you return.</li>
        </ul>
        <p>
          The <Link to="/privacy">Privacy Policy</Link> says who can see each of these and how to have them removed.
        </p>
      </section>
      <section>
        <h2>Acceptable use</h2>
        <p>
          No harassment, spam, impersonation or illegal content. Listings must describe real hackathons, events and quizzes. We may remove content and
          suspend accounts that break these rules; reported profiles are reviewed by moderators.
        </p>
      </section>
      <section>
        <h2>Your content</h2>
        <p>You keep the rights to what you post. You let Circuit show it to the people it is meant for (your profile to visitors, messages to their recipient).</p>
      </section>
      <section>
        <h2>Organisers</h2>
        <p>Organisers are responsible for their listings, prizes and refunds. Circuit reviews listings before they go live but is not a party to them.</p>
      </section>
    </InfoLayout>
  );
}

/** /privacy */
export function PrivacyPage() {
  return (
    <InfoLayout title="Privacy Policy" lead={UPDATED}>
      <section>
        <h2>What we store</h2>
        <ul>
          <li>
            <strong>Profile</strong>: name, username, e-mail, password (only as a salted hash), picture, bio, tagline, skills, college and course,
            location, links and projects. Everyone sees your public profile; your e-mail, mobile number and address are shown only to you.
          </li>
          <li>
            <strong>Registrations</strong>: which hackathons, events and quizzes you joined, your team and your answers and scores. Organisers of a listing see
            its participants.
          </li>
          <li>
            <strong>Payments</strong>: amount, status and the payment provider's order and payment references. Card details go to the payment provider and
            never reach us.
          </li>
          <li>
            <strong>Messages</strong>: your private conversations, seen only by you and the person you write to, and the follows, connections and
            notifications between you and others.
          </li>
          <li>
            <strong>Sign-in</strong>: a session cookie that keeps you signed in, the time of your last sign-in, and one-time codes (sealed, valid ten minutes).
          </li>
        </ul>
      </section>
      <section>
        <h2>Why</h2>
        <p>
          Only to run the service: show your profile, deliver messages, confirm registrations and payments, keep accounts safe, and answer reports.
          We do not sell your data or show advertising.
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>One session cookie, set when you sign in and removed when you sign out. No tracking cookies.</p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          Edit your profile at any time on <Link to="/profile">your profile page</Link>. Block anyone who bothers you. To have your account and its data
          removed, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </section>
    </InfoLayout>
  );
}
