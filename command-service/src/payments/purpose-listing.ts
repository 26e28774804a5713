import { foldEvents } from '@circuit/shared/commands/decider';
import { quizStream } from '@circuit/shared/events/quizzes';
import type { PaymentPurpose } from '@circuit/shared/events/payments';
import type { EventStore } from '@circuit/shared/ports/event-store';
import { findEvent } from '../events/event-service';
import { findListing } from '../hackathons/listing-lookup';
import { quizDecider } from '../quizzes/quiz-decider';

/** The title and public address of what a payment was for, to name it in the payer's mail. */
export async function listingOfPurpose(store: EventStore, purpose: PaymentPurpose, publicUrl: string): Promise<{ title: string; link: string }> {
  switch (purpose.kind) {
    case 'hackathon-team': {
      const hackathon = await findListing(store, purpose.listingId);
      return { title: hackathon.title, link: `${publicUrl}/hackathons/${encodeURIComponent(hackathon.username)}` };
    }
    case 'event-registration': {
      const event = await findEvent(store, purpose.listingId);
      return { title: event.title, link: `${publicUrl}/events/${encodeURIComponent(event.username)}` };
    }
    case 'quiz-registration': {
      const quiz = foldEvents(quizDecider, await store.readStream(quizStream(purpose.listingId)));
      return { title: quiz.content?.title ?? 'a quiz', link: `${publicUrl}/quiz/${encodeURIComponent(purpose.listingId)}` };
    }
  }
}
