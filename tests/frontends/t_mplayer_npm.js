// The npm package "mplayer" (github.com/noodny/mplayer) driving our player.
// It runs `mplayer -msglevel global=6 -msglevel cplayer=4 -idle -slave -fs
// -noborder` from PATH and learns everything from stdout chunks: the banner
// ("MPlayer" at a chunk's start: ready), "Playing <file>. ", "Starting
// playback...", status lines ("A:" at a chunk's start: time), the
// ANS_LENGTH/ANS_VO_FULLSCREEN/ANS_SUB_VISIBILITY answers (all three in one
// chunk: duration) and "EOF code:" (stop).
//
//   node t_mplayer_npm.js MEDIA    (PATH must lead to the mplayer under test)
//
// This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
'use strict';

const { check, info, waitEvent, waitFor, sleep, recorder, failed } = require('./lib');
const MPlayer = require('mplayer');

const media = process.argv[2];
const T = 'mplayer-npm';
let done = false;
let rec = null;
let inner = null;

// Never leave a player behind, whatever happened.
function cleanup() {
    if (!inner)
        return;
    inner.spawn = () => {};
    if (inner.instance.exitCode === null && inner.instance.signalCode === null)
        inner.instance.kill('SIGKILL');
}

// The package ends the whole process with status 1 when mplayer exits within
// 3 s of being started (an option it rejects, say): say why before that.
process.on('exit', () => {
    cleanup();
    if (!done)
        console.log('FAIL ' + T + ' start: the package gave up, mplayer exited right after its ' +
            'start (' + (rec ? rec.tail(4) : 'no output') + ')');
});

async function main() {
    const player = new MPlayer();
    inner = player.player;
    rec = recorder(inner.instance);
    let pos = -1;
    let times = 0;
    player.on('time', (t) => { pos = parseFloat(t); times++; });

    const ready = await waitEvent(player, 'ready', 5000);
    if (!check(T + ' ready (banner at the start of stdout)', ready, rec.tail()))
        return;

    const started = waitEvent(player, 'start', 8000);
    player.openFile(media);
    if (!check(T + ' start ("Starting playback..." after loadfile)', await started, rec.tail()))
        return;
    check(T + ' filename (from "Playing <file>.")', inner.status.filename === media,
        'status.filename=' + inner.status.filename);

    const moving = await waitFor(() => pos > 0.3, 5000);
    check(T + ' time events (status lines "A: ... V: ...")', moving,
        'position ' + pos + ' after ' + times + ' time events; ' + rec.tail());
    // Not counted: the package wants the three answers in one read() of the
    // pipe, which no player can promise (MPlayer flushes each line too).
    await waitFor(() => inner.status.duration > 0, 1500);
    info(T + ' duration (needs ANS_LENGTH, ANS_VO_FULLSCREEN, ANS_SUB_VISIBILITY in one ' +
        'chunk): ' + (inner.status.duration > 0 ? inner.status.duration + ' s' : 'not this time') +
        '; answers seen: ' + (rec.out.match(/ANS_[A-Z_]+=[^\n]*/g) || []).join(' '));

    const paused = waitEvent(player, 'pause', 3000);
    player.pause();
    const gotPause = await paused;
    const atPause = pos;
    await sleep(700);
    check(T + ' pause (status lines stop)', gotPause && pos === atPause,
        'pause event: ' + !!gotPause + ', position ' + atPause + ' then ' + pos);

    const resumed = waitEvent(player, 'play', 3000);
    player.play();
    check(T + ' play after pause (status lines again)', await resumed, rec.tail());

    player.volume(50);
    const before = times;
    const alive = await waitFor(() => times > before + 3, 3000);
    check(T + ' volume 50 1 (accepted, playback goes on)', alive && inner.instance.exitCode === null,
        rec.tail());

    await waitFor(() => pos > 1.2, 4000);
    const from = pos;
    player.seek(0.2);
    const back = await waitFor(() => pos >= 0 && pos < from - 0.5, 3000);
    check(T + ' seek 0.2 2 (position goes back)', back, 'from ' + from + ' to ' + pos);

    const stopped = await waitEvent(player, 'stop', 8000);
    check(T + ' stop event at the end of the file ("EOF code:")', stopped,
        'no "EOF code:" line; last output: ' + rec.tail(3));
    if (!stopped)
        info(T + ': the package also needs "EOF code: 1" (MSGT_GLOBAL, MSGL_V: shown with ' +
            '-msglevel global=6) when a file ends');

    // Idle after the end: -idle keeps the player for the next file.
    check(T + ' idle after the end (-idle: the process stays)', inner.instance.exitCode === null,
        'exit status ' + inner.instance.exitCode);

    const again = waitEvent(player, 'start', 8000);
    player.openFile(media);
    const restarted = await again;
    check(T + ' second loadfile while idle', restarted, rec.tail());
    if (restarted) {
        await waitFor(() => pos > 0.3, 3000);
        const byStop = waitEvent(player, 'stop', 4000);
        player.stop();
        check(T + ' stop command ("EOF code:" after stop)', await byStop, rec.tail(3));
    }

    // No respawn: the package starts a new mplayer whenever one exits.
    inner.spawn = () => {};
    const exited = new Promise((r) => inner.instance.once('exit', (code) => r(code)));
    inner.cmd('quit');
    const code = await Promise.race([exited, sleep(5000).then(() => 'none')]);
    check(T + ' quit (exit status 0)', code === 0, 'exit status ' + code);
}

main().then(() => {
    done = true;
    cleanup();
    process.exit(failed() ? 1 : 0);
}, (e) => {
    done = true;
    cleanup();
    check(T + ' script', false, e && e.stack);
    process.exit(1);
});
