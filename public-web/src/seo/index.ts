/** The head of the public pages (issue 33): builders from the pages' API answers, and their HTML. */
export { siteAt, type HeadImage, type JsonLd, type OgType, type PageHead, type Site, type TwitterCard } from './pageHead';
export { headOfAnnouncements, headOfEvent, headOfHackathon } from './listingHeads';
export { headOfHackathonProject, headOfProjectGallery } from './hackathonProjectHeads';
export { headOfLeaderboard, headOfQuiz } from './quizHead';
export { headOfProfile } from './profileHead';
export { headOfVerification } from './certificateHead';
export { headOfHome, headOfInfoPage, headOfList, headOfNotFound, headOfSignIn, type InfoPage, type ListKind } from './siteHeads';
export { escapeHtml, jsonLdScript, renderHeadTags } from './renderHeadTags';
