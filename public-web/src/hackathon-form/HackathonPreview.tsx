import { useAuth } from '../auth/AuthContext';
import { HackathonView } from '../hackathons/HackathonView';
import { RegistrationFrame } from '../hackathons/RegistrationCard';
import { Button } from '../ui/Button';
import { previewHackathon, type FormState } from './formState';

/** The listing drawn by the detail page's own components, as participants will see it once it is approved. */
export function HackathonPreview({ form }: { form: FormState }) {
  const { user } = useAuth();
  const host = user ? { ...user, id: user.id ?? user._id } : { id: '', username: '', firstName: '', lastName: '' };
  const h = previewHackathon(form, host, new Date());
  return (
    <div className="rounded-3xl border-2 border-dashed border-indigo-200 p-3 sm:p-5">
      <p className="mb-4 rounded-lg bg-indigo-50 px-3 py-2 text-sm text-indigo-800">Preview: this is how your page will look once it is approved.</p>
      <HackathonView
        preview
        hackathon={h}
        registration={
          <RegistrationFrame hackathon={h}>
            <Button fullWidth disabled>
              Register Now
            </Button>
          </RegistrationFrame>
        }
      />
    </div>
  );
}
