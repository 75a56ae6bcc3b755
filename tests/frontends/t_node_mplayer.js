// The npm package "node-mplayer" (github.com/loics2/node-mplayer) driving our
// player. Its constructor runs `mplayer` without arguments and throws (from a
// callback: the process dies) unless that exits with status 0; play() runs
// `mplayer -slave -quiet --volume=N FILE`; 'end' fires only on exit status 0
// without a signal; get* functions write a command and take the next stdout
// line as the answer (split at '=').
//
//   node t_node_mplayer.js MEDIA    (PATH must lead to the mplayer under test)
//
// This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
'use strict';

const cp = require('child_process');
const { check, waitFor, sleep, recorder, failed } = require('./lib');

const media = process.argv[2];
const T = 'node-mplayer';

// Watch the package's probe of `mplayer` (its callback throws on a failure,
// which would end this script without a word).
let probe = null;
const exec = cp.exec;
cp.exec = function (cmd, cb) {
    return exec.call(cp, cmd, (err, stdout, stderr) => {
        probe = { err, stderr: String(stderr) };
        try {
            cb(err, stdout, stderr);
        } catch (e) {
            probe.threw = e.message;
        }
    });
};

const Mplayer = require('node-mplayer');
let player = null;

function alive() {
    const c = player && player.childProc;
    return c && c.exitCode === null && c.signalCode === null;
}

// Never leave a player behind.
function cleanup() {
    if (alive())
        player.childProc.kill('SIGKILL');
}

function ask(fn) {
    return new Promise((resolve) => {
        const t = setTimeout(() => resolve(undefined), 3000);
        player[fn]((v) => { clearTimeout(t); resolve(v); });
    });
}

async function main() {
    player = new Mplayer(media);
    await waitFor(() => probe !== null, 5000);
    check(T + ' probe (`mplayer` alone exits 0)', probe && !probe.err && !probe.threw,
        probe ? String(probe.err && probe.err.message).split('\n')[0] : 'no exit');

    let ended = false;
    player.on('end', () => { ended = true; });
    player.play({ volume: 50 });
    const rec = recorder(player.childProc);
    const exited = new Promise((r) => player.childProc.once('exit', (c, s) => r([c, s])));

    const started = await waitFor(() => /Starting playback\.\.\./.test(rec.out) || !alive(), 8000);
    if (!check(T + ' play (-slave -quiet --volume=50 FILE starts playback)',
        started && alive(), rec.tail(3)))
        return;

    // As MPlayer, the player opens the video output with the first frame,
    // after "Starting playback...": its "VO: [null] 320x240 => ..." line
    // has a '=' and would be taken for the answer of a question asked
    // before it (so with MPlayer itself). After it a -quiet player prints
    // nothing unasked, so the next line is the answer.
    if (!check(T + ' video output opened ("VO:" line)',
        await waitFor(() => /(^|\n)VO: /.test(rec.out), 5000), rec.tail(3)))
        return;
    const len = await ask('getTimeLength');
    check(T + ' getTimeLength', Math.abs(parseFloat(len) - 4) < 0.3, 'answer ' + len);
    const pos = await ask('getTimePosition');
    check(T + ' getTimePosition', parseFloat(pos) >= 0 && parseFloat(pos) < 4.5, 'answer ' + pos);
    const pct = await ask('getPercentPosition');
    check(T + ' getPercentPosition', parseInt(pct, 10) >= 0 && parseInt(pct, 10) <= 100,
        'answer ' + pct);

    // A bare get_time_pos resumes a paused player (as in MPlayer), and the
    // package sends it bare: ask once before the pause and once after a
    // wait, and the answer to the second is where the pause held it.
    const p0 = parseFloat(await ask('getTimePosition'));
    player.pause();
    await sleep(800);
    const p1 = parseFloat(await ask('getTimePosition'));
    check(T + ' pause (position held while paused)', p1 - p0 >= 0 && p1 - p0 < 0.3,
        'position ' + p0 + ' before the pause, ' + p1 + ' after 0.8 s paused');

    player.setVolume(30);
    player.seek(0.5);
    const back = parseFloat(await ask('getTimePosition'));
    check(T + ' seek 0.5 2 (then get_time_pos)', back < 2, 'position ' + back);
    player.setSpeed(2);

    const [code, sig] = await Promise.race([exited, sleep(10000).then(() => ['none', null])]);
    await sleep(100);
    check(T + ' end event (exit status 0 at the end of the file)', ended && code === 0 && !sig,
        'exit status ' + code + (sig ? ', signal ' + sig : '') + '; ' + rec.tail(3));
}

main().then(() => {
    cleanup();
    process.exit(failed() ? 1 : 0);
}, (e) => {
    cleanup();
    check(T + ' script', false, e && e.stack);
    process.exit(1);
});
