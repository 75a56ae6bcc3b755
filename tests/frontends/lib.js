// Helpers shared by the front-end test scripts: PASS/FAIL lines for run.sh,
// waiting for an event with a time limit, and what the player printed (kept
// to show on a failure).
// This file is part of this MPlayer branch, GPLv2 or later (see COPYING).
'use strict';

let failures = 0;

// One result line; run.sh counts the PASS and FAIL lines.
function check(name, ok, why) {
    if (ok) {
        console.log('PASS ' + name);
    } else {
        failures++;
        console.log('FAIL ' + name + (why ? ': ' + why : ''));
    }
    return ok;
}

function info(text) {
    console.log('INFO ' + text);
}

// Resolves with the event's first argument, or with undefined when the limit
// passes first (the caller turns that into a FAIL with its reason). A limit is
// only a guard against waiting for ever, never what a test measures.
function waitEvent(emitter, event, ms, pred) {
    return new Promise((resolve) => {
        const timer = setTimeout(() => {
            emitter.removeListener(event, on);
            resolve(undefined);
        }, ms);
        function on(arg) {
            if (pred && !pred(arg))
                return;
            clearTimeout(timer);
            emitter.removeListener(event, on);
            resolve(arg === undefined ? true : arg);
        }
        emitter.on(event, on);
    });
}

// Polls cond() until it holds or the guard passes; resolves with the result.
function waitFor(cond, ms) {
    return new Promise((resolve) => {
        const end = Date.now() + ms;
        (function poll() {
            if (cond())
                return resolve(true);
            if (Date.now() > end)
                return resolve(false);
            setTimeout(poll, 50);
        })();
    });
}

function sleep(ms) {
    return new Promise((resolve) => setTimeout(resolve, ms));
}

// Collects a child's stdout and stderr; tail() shows the end of both, with
// carriage returns (status lines) made visible as line ends.
function recorder(child) {
    const rec = { out: '', err: '' };
    child.stdout.on('data', (d) => { rec.out += d.toString(); });
    child.stderr.on('data', (d) => { rec.err += d.toString(); });
    rec.tail = (n) => {
        const clean = (s) => s.replace(/\r/g, '\n').split('\n')
            .filter((l) => l.trim() !== '' && !/^ALSA lib/.test(l));
        const lines = clean(rec.out).slice(-(n || 6)).concat(
            clean(rec.err).slice(-(n || 6)).map((l) => 'stderr: ' + l));
        return lines.join(' | ');
    };
    return rec;
}

function failed() {
    return failures;
}

module.exports = { check, info, waitEvent, waitFor, sleep, recorder, failed };
