plugins {
    id("com.android.application")
    id("com.github.triplet.play")
}

play {
    track.set("internal")
}
