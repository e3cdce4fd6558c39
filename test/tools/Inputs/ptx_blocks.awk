# Summarizes a PTX kernel's basic blocks, one line each, in the order of the
# text: "block <label>: mma <wgmma.mma_async> mbarrier-wait <mbarrier
# try_waits> wgmma-wait <wgmma.wait_groups> shared <ld/st.shared> barrier
# <bar.sync 0>" (counts; the first block is "entry"). A test checks a
# property of the blocks that hold a loop's work (e.g. no shared-memory
# access where wgmma issues or waits) whatever order LLVM's block
# placement gives them.
function flush() {
  if (started)
    printf "block %s: mma %d mbarrier-wait %d wgmma-wait %d shared %d barrier %d\n",
           name, mma, mbwait, wgwait, shared, barrier
}
BEGIN { name = "entry"; started = 0 }
/^\.(visible|entry)|^\.func/ { started = 1 }
/^\$L__[A-Za-z0-9_]+:/ {
  flush()
  name = substr($1, 1, length($1) - 1)
  mma = mbwait = wgwait = shared = barrier = 0
  next
}
/wgmma\.mma_async/ { ++mma }
/mbarrier\.try_wait/ { ++mbwait }
/wgmma\.wait_group/ { ++wgwait }
/(ld|st)\.shared/ { ++shared }
/^[ \t]*(bar|barrier)\.sync[ \t]+0;/ { ++barrier }
END { flush() }
