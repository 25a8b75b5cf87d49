// Two style samples of opposite voices for the voice tests and bench/voice.ts: clipped short sentences with plain
// words, and long winding ones. Written for FicForge; no one else's prose.

export const SHORT_SAMPLE = `Rain again. Mira glanced at the door. Nobody came. She waited.

The harbour was damp and grey. Gulls cried. A bell rang somewhere. She glanced at the clock. Ten past.

"You're late," she murmured. He grinned. He always grinned.

"Traffic," he said. "Boats." She snorted. The kettle hissed. She poured two cups. Her hands were damp.

Dusk came. The street emptied. A lamp flickered. They sat in the hush. Nobody spoke. It was enough.

She glanced at him again. He was tired. So was she. The drizzle went on. The town slept. She smiled. Small smile. Then nothing.

"Stay," she murmured. He stayed. The breeze shifted. The glow of the lamp steadied. Morning was far off.`;

export const LONG_SAMPLE = `The evening came down over the harbour slowly, the way a tide comes in when nobody is watching it, filling the gaps between the moored boats and the warehouses with a blue that was almost a colour and almost a sound, and Mira, who had been standing at the window for longer than she would ever admit, found that she had stopped expecting him at all.

She had studied the street for an hour, counting the lamps as the lamplighter reached each one, noting which of the fishermen went home and which went on to the tavern on the corner, because studying things was what she did when she could not bear to think about them, and tonight there was a great deal she could not bear to think about.

When he finally arrived, strolling up the wet cobbles with his collar turned against the drizzle and that infuriating, unhurried ease he carried everywhere, as though the whole town had been built for the sole purpose of giving him somewhere to wander, she felt her anger and her relief arrive together, tangled so tightly that she could not have said which of them spoke first when she opened the door.

"You might have sent word," she murmured, though she had meant to shout it, and he only stood there in the glow of the lamp, rain running from his hair, and studied her face as if he were reading a letter he had waited a very long time to receive.

They sat together by the stove afterwards, neither of them quite willing to be the one who broke the silence, while the kettle muttered to itself and the wind worried at the shutters, and she understood, with the slow certainty of someone who has argued with herself for years and finally lost, that she had been waiting for this particular evening for most of her life.`;
