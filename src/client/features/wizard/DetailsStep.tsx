// Step 2: title, cover, archetypes, character description, setting, plot ideas and fandoms.
import { FANDOMS } from "../../../shared/catalogues";
import {
  CROP_ASPECT_PUBLISH,
  MAX_FANDOMS,
  MAX_LEAD_ARCHETYPES,
  MAX_SUPPORTING_ARCHETYPES,
} from "../../../shared/limits";
import { CoverPicker } from "../covers";
import { LimitedTextField } from "../stories/LimitedTextField";
import { SearchableMultiSelect } from "../stories/SearchableMultiSelect";
import { ArchetypePicker } from "./ArchetypePicker";
import { toggleLimited, type WizardDraft } from "./wizard-draft";

export function DetailsStep({ draft, update }: { draft: WizardDraft; update: (patch: Partial<WizardDraft>) => void }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,20rem)]">
      <div className="space-y-5">
        <LimitedTextField
          label="Story Title"
          kind="title"
          value={draft.title}
          onChange={(title) => update({ title })}
          placeholder="Give your story a name"
        />
        <ArchetypePicker
          label="Lead archetypes"
          selected={draft.lead}
          max={MAX_LEAD_ARCHETYPES}
          onToggle={(a) => update({ lead: toggleLimited(draft.lead, a, MAX_LEAD_ARCHETYPES) })}
        />
        <ArchetypePicker
          label="Supporting archetypes"
          selected={draft.supporting}
          max={MAX_SUPPORTING_ARCHETYPES}
          onToggle={(a) => update({ supporting: toggleLimited(draft.supporting, a, MAX_SUPPORTING_ARCHETYPES) })}
        />
        <LimitedTextField
          label="Character description"
          kind="long"
          value={draft.characterDescription}
          onChange={(characterDescription) => update({ characterDescription })}
          placeholder="Who are your main characters? What drives them?"
        />
        <LimitedTextField
          label="Setting"
          kind="long"
          value={draft.setting}
          onChange={(setting) => update({ setting })}
          placeholder="Where and when does the story take place?"
        />
        <LimitedTextField
          label="Plot ideas"
          kind="long"
          value={draft.plotIdeas}
          onChange={(plotIdeas) => update({ plotIdeas })}
          placeholder="Key events, twists or scenes you have in mind"
        />
        <SearchableMultiSelect
          label="Fandoms"
          options={FANDOMS}
          selected={draft.fandoms}
          max={MAX_FANDOMS}
          onChange={(fandoms) => update({ fandoms })}
          placeholder="Search fandoms..."
          emptyText="No fandoms found"
        />
      </div>
      {/* NOTE: 1.5 like the publish dialog, because this cover is what story cards and Discover show. */}
      <CoverPicker
        value={draft.coverImage}
        onChange={(coverImage) => update({ coverImage })}
        aspect={CROP_ASPECT_PUBLISH}
        mode="strict"
        label="Cover image"
        hint="Optional. Cropped to 3:2, like the cards on your dashboard."
      />
    </div>
  );
}
